"""Run the WSGI app under gunicorn, a production server, from ``wordsvc serve``."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from gunicorn.app.base import BaseApplication

from wordsvc.api import create_app


class _Gunicorn(BaseApplication):
    def __init__(self, options: dict[str, object]) -> None:
        self.options = options
        super().__init__()

    def load_config(self) -> None:
        for key, value in self.options.items():
            self.cfg.set(key, value)

    def load(self) -> Callable[..., Iterable[bytes]]:
        """The app with its judge open: loaded once before the fork (``preload_app``), so the
        workers inherit the lexicon's memory maps and share their pages. (A Flask app; the
        WSGI type is loose because gunicorn's stubs type ``start_response`` more narrowly
        than Flask and the standard library do.)"""
        from wordsvc.api import get_judge

        app = create_app()
        with app.app_context():
            get_judge()
        return app


def run_gunicorn(host: str, port: int, workers: int) -> None:
    """Serve until stopped. The app is loaded before forking, so workers share the tries'
    memory-mapped pages."""
    _Gunicorn(
        {
            "bind": f"{host}:{port}",
            "workers": workers,
            "preload_app": True,
            "accesslog": "-",
            "timeout": 30,
            # The longest request line gunicorn takes: longer ones get its own bare 414; up
            # to this, the app answers a long URL with a problem document (api.MAX_URL).
            "limit_request_line": 8190,
        }
    ).run()
