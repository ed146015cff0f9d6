"""The wire: every request and response body, and every query string, as pydantic models,
and the HTTP status of each error. JSON is read and written only through the models; the
OpenAPI document is generated from them (:mod:`wordsvc.api.spec`).

Below both HTTP fronts of the service, the API (:mod:`wordsvc.api`) and the pages
(:mod:`wordsvc.web`), so that the pages write an answer exactly as the API does without
importing the API; the CLI writes ``--json`` with the same models."""
