"""Where an app keeps its rate limiter, and how long a client over a limit waits: what the
API's 429 problem document and a page's 429 page both say (``Retry-After``). Apart from
``api/limits.py``, which installs the limiter, so that the pages need not import the API."""

from __future__ import annotations

import logging
import math
import time
from typing import TYPE_CHECKING

from flask import current_app

if TYPE_CHECKING:
    from flask_limiter import Limiter

log = logging.getLogger(__name__)

#: Key of :attr:`flask.Flask.extensions` under which an app keeps its limiter (absent: off).
LIMITER = "wordsvc.limiter"


def retry_after_seconds() -> int:
    """The seconds until the window of the limit this request broke ends (at least 1): its
    ``Retry-After``."""
    limiter: Limiter | None = current_app.extensions.get(LIMITER)
    current = limiter.current_limit if limiter is not None else None
    if current is None:
        return 1
    try:
        return max(1, math.ceil(current.window[0] - time.time()))
    except Exception:  # the storage went away meanwhile: a second is a fair guess
        log.warning("rate limit storage unreachable while answering 429", exc_info=True)
        return 1
