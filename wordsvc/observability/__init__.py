"""What an operator sees of the running service (docs/observability.md): its Prometheus
metrics (:mod:`.metrics`), and each request's id and what the access log says of it
(:mod:`.request_ids`); :mod:`.multiprocess` keeps the metrics of gunicorn's workers in one place.

The HTTP layer (the app factory, :mod:`wordsvc.api`, the pages) and the server use it. The
domain knows nothing of it: it returns facts (a solution's time and whether its budget cut
it, a verdict's suggestion time, the moves a commit applied) that the HTTP layer records.

Nothing is imported here, so that :mod:`.multiprocess` can set the metrics' directory before
prometheus-client is first imported.
"""
