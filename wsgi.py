"""WSGI entry point: ``gunicorn wsgi:app``. ``wordsvc serve`` builds the lexicon first."""

from wordsvc.api import create_app

app = create_app()
