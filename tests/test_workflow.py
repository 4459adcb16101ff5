"""The GitHub Pages workflow: it cannot run here, so its shape is checked instead."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import yaml

WORKFLOW = Path(__file__).resolve().parents[1] / ".github" / "workflows" / "pages.yml"
OFFICIAL = {
    "actions/checkout",
    "actions/setup-python",
    "actions/setup-node",
    "actions/configure-pages",
    "actions/upload-pages-artifact",
    "actions/deploy-pages",
}


def load() -> dict[Any, Any]:
    data = yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


def steps(workflow: dict[Any, Any]) -> list[dict[str, Any]]:
    return [step for job in workflow["jobs"].values() for step in job["steps"]]


def test_runs_on_a_push_to_main() -> None:
    workflow = load()
    triggers = workflow.get("on", workflow.get(True))  # YAML 1.1 reads a bare `on` as true
    assert triggers["push"]["branches"] == ["main"]


def test_has_the_permissions_pages_needs() -> None:
    permissions = load()["permissions"]
    assert permissions["pages"] == "write"
    assert permissions["id-token"] == "write"
    assert set(permissions.values()) <= {"read", "write"}
    assert {k for k, v in permissions.items() if v == "write"} == {"pages", "id-token"}


def test_uses_the_official_actions_pinned_to_major_versions() -> None:
    used = {}
    for step in steps(load()):
        if "uses" in step:
            name, _, version = step["uses"].partition("@")
            assert re.fullmatch(r"v\d+", version), step["uses"]
            used[name] = version
    assert set(used) == OFFICIAL


def test_builds_with_build_py_then_uploads_dist_and_deploys_it() -> None:
    workflow = load()
    build_job = [job for job in workflow["jobs"].values()
                 if any(s.get("uses", "").startswith("actions/upload-pages-artifact")
                        for s in job["steps"])]
    assert len(build_job) == 1
    order = [s.get("uses", "").partition("@")[0] or s.get("run", "").strip()
             for s in build_job[0]["steps"]]
    assert "python build.py" in order
    assert order.index("actions/setup-node") < order.index("python build.py")
    assert order.index("python build.py") < order.index("actions/upload-pages-artifact")
    installs = [step for step in order if step.startswith("python -m pip install")]
    assert installs and order.index(installs[0]) < order.index("python build.py")
    assert "zopfli==" in installs[0]  # the smaller standard library (tools/build/stdlib.py)
    upload = next(s for s in build_job[0]["steps"]
                  if s.get("uses", "").startswith("actions/upload-pages-artifact"))
    assert upload["with"]["path"] == "dist"
    deploy = workflow["jobs"]["deploy"]
    assert deploy["needs"] == "build"
    assert deploy["environment"]["name"] == "github-pages"
    assert [s["uses"].partition("@")[0] for s in deploy["steps"]] == ["actions/deploy-pages"]


def needs(workflow: dict[Any, Any], name: str) -> set[str]:
    """Every job that job ``name`` waits for, directly or through another."""
    direct = workflow["jobs"][name].get("needs", [])
    found = set([direct] if isinstance(direct, str) else direct)
    for job in list(found):
        found |= needs(workflow, job)
    return found


def test_a_test_job_runs_the_readme_command_and_the_build_and_deploy_need_it() -> None:
    workflow = load()
    test_jobs = [name for name, job in workflow["jobs"].items()
                 if any(s.get("run", "").strip() == "bash .ci/run" for s in job["steps"])]
    assert test_jobs == ["test"]
    test = workflow["jobs"]["test"]
    assert test["runs-on"].startswith("ubuntu")
    order = [s.get("uses", "").partition("@")[0] for s in test["steps"]]
    assert order[0] == "actions/checkout"
    # the README's command needs npm (setup-node) and /usr/bin/chromium before it runs
    assert "actions/setup-node" in order
    ci = [i for i, s in enumerate(test["steps"]) if s.get("run", "").strip() == "bash .ci/run"]
    assert any("/usr/bin/chromium" in s.get("run", "") for s in test["steps"][:ci[0]])
    assert needs(workflow, "build") == {"test"}
    assert needs(workflow, "deploy") == {"build", "test"}
