"""The help's contents (issue 42's new user looked for how to play on several phones
and found it last): a navigation landmark at the help's top, named by its heading, a
link to each section in order, the section on several phones second; a link, tapped or
pressed with Enter, scrolls the dialog to its section, its heading under the dialog's
sticky head, and puts the focus on that heading; the page's address is untouched (a
``#join=`` link is read from it). The steps quote the very words of the setup's
controls. In French on a phone, in Dutch by keyboard on a laptop.

Every page blocks requests that leave 127.0.0.1 (`sized_page`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from playwright.sync_api import Browser, Page, expect

from tests.e2e.conftest import sized_page

if TYPE_CHECKING:  # conftest is loaded by pytest, not imported
    from tests.e2e.conftest import App

#: Where the phones section's heading sits: its top, the dialog's head's bottom, and
#: whether it is the focused element.
PLACE = """() => {
  const h = document.getElementById('help-phones');
  const head = document.querySelector('#help .dialog-head').getBoundingClientRect();
  return {top: h.getBoundingClientRect().top, head: head.bottom,
          focused: document.activeElement === h};
}"""


def open_help(app: App, lang: str) -> Page:
    page = app.page
    app.open(f"?lang={lang}")
    app.wait_for_phase("setup")
    page.locator('[data-action="help"]:visible').first.click()
    expect(page.locator("dialog#help")).to_have_attribute("open", "")
    return page


def check_contents(page: Page, name: str) -> None:
    """The contents: named ``name``, one link per section heading, in order; the
    phones section second."""
    nav = page.get_by_role("navigation", name=name)
    expect(nav).to_be_visible()
    links = nav.get_by_role("link")
    titles = page.locator("#help-body .help-section > h3").all_inner_texts()
    expect(links).to_have_text(titles)
    assert page.locator("#help-body .help-section").nth(1).get_attribute("aria-labelledby") \
        == "help-phones"


def test_a_phone_taps_its_way_to_playing_on_several_phones(browser: Browser,
                                                            site_url: str) -> None:
    for app in sized_page(browser, site_url, 390, 844):
        page = open_help(app, "fr")
        url = page.url
        check_contents(page, "Sommaire")
        page.get_by_role("link", name="Jouer sur plusieurs téléphones").tap()
        expect(page.locator("#help-phones")).to_be_focused()
        place = page.evaluate(PLACE)
        assert place["head"] - 1 <= place["top"] <= place["head"] + 40, place
        assert page.url == url  # no fragment: the page's address is left alone
        steps = page.locator("#help-body .help-section:nth-of-type(2) ol.help-steps > li")
        expect(steps).to_have_count(3)
        # the words the steps quote are the setup's own controls' words
        text = " ".join(steps.all_inner_texts())
        friend = page.locator("#setup .seat-row select option[value=friend]").first
        for word in (friend.inner_text(), page.locator("#start").inner_text(),
                     page.locator('#setup [data-action="remote-join-open"]').inner_text()):
            assert f"«\u00a0{word}\u00a0»" in text, (word, text)
        # the other game's rules: their own contents, the phones second
        page.locator('#help-body [data-action="help-game"][data-game="fruits-de-mer"]').tap()
        expect(page.locator("#help-body .help-section > h3").first).to_have_text("Le but du jeu")
        check_contents(page, "Sommaire")
        app.assert_clean()


def test_the_contents_by_keyboard(browser: Browser, site_url: str) -> None:
    for app in sized_page(browser, site_url, 1280, 800, touch=False):
        page = open_help(app, "nl")
        check_contents(page, "Inhoud")
        link = page.get_by_role("link", name="Spelen op meerdere telefoons")
        for _ in range(10):  # from the dialog's Close, through the games' buttons
            page.keyboard.press("Tab")
            if link.evaluate("a => a === document.activeElement"):
                break
        expect(link).to_be_focused()
        page.keyboard.press("Enter")
        expect(page.locator("#help-phones")).to_be_focused()
        place = page.evaluate(PLACE)
        assert place["head"] - 1 <= place["top"] <= place["head"] + 40, place
        page.keyboard.press("Tab")  # the keyboard goes on from the section, not the top
        assert page.evaluate("document.getElementById('help-phones').compareDocumentPosition("
                             "document.activeElement) & Node.DOCUMENT_POSITION_FOLLOWING")
        app.assert_clean()
