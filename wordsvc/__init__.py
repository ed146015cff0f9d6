"""wordsvc: settles Ukrainian word disputes for Words of Magic and serves game engines."""

from wordsvc.errors import WordsvcError

__all__ = ["Judge", "WordsvcError"]


def __getattr__(name: str) -> object:
    # Imported lazily so that `import wordsvc` stays cheap for the CLI and the build.
    if name == "Judge":
        from wordsvc.judge import Judge

        return Judge
    raise AttributeError(name)
