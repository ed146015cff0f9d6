"""WSGI entry point: ``gunicorn wsgi:app``. ``wordsvc serve`` builds the lexicon first."""

from wordsvc.app import create_app

app = create_app()
