"""Wizards Wanted (``docs/rules/wizards-wanted.md``): wizards walk, fly and teleport
across the kingdom to do spell jobs for fame, buy pixie dust, and get a licence before the
Royal Inspector arrives. ``docs/rules/wizards-wanted.md`` states the rules as built."""
