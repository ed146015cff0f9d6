"""Magos y Tabernas (``docs/rules/magos-y-tabernas.md``): mages race to three gems for
the last beer, answering each other with instants on a last-in, first-out stack.
``engine.MagosYTabernas`` is the game; ``docs/rules/magos-y-tabernas.md`` the rules as built."""
