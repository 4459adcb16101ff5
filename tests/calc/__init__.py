"""The score calculator (seasalt.calc): its table, scoring and saved form."""
