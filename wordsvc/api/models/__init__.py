"""The wire models: every request and response body, and every query string, as pydantic
models. JSON is read and written only through them; the OpenAPI document is generated from
them (:mod:`wordsvc.api.spec`)."""
