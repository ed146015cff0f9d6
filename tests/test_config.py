"""Settings from the environment: the rate limits, Redis, trusted proxies and the database's
pool, with their defaults, and one clear error for a value that cannot be used
(docs/deploy.md)."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from wordsvc.cli import main
from wordsvc.config import Settings, checked_api_keys
from wordsvc.errors import ConfigurationError

VARIABLES = (
    "WORDSVC_RATE_LIMITS",
    "WORDSVC_RATE_LIMIT",
    "WORDSVC_SEAT_RATE_LIMIT",
    "WORDSVC_REDIS_URL",
    "WORDSVC_REDIS_PREFIX",
    "WORDSVC_TRUSTED_PROXIES",
    "WORDSVC_DATABASE_POOL",
)


@pytest.fixture
def env(monkeypatch):
    for name in VARIABLES:
        monkeypatch.delenv(name, raising=False)
    return monkeypatch


def test_the_defaults(env):
    settings = Settings.from_env()
    assert settings.rate_limits is True
    assert (settings.rate_limit, settings.seat_rate_limit) == ("1200/minute", "600/minute")
    assert (settings.redis_url, settings.redis_prefix) == (None, "wordsvc")
    assert settings.trusted_proxies == 0
    assert settings.database_pool is None  # PG_POOL


def test_each_setting_is_read(env):
    env.setenv("WORDSVC_RATE_LIMITS", "off")
    env.setenv("WORDSVC_RATE_LIMIT", "100/minute;2000/hour")
    env.setenv("WORDSVC_SEAT_RATE_LIMIT", "5 per second")
    env.setenv("WORDSVC_REDIS_URL", "redis://127.0.0.1:6379/2")
    env.setenv("WORDSVC_REDIS_PREFIX", "games")
    env.setenv("WORDSVC_TRUSTED_PROXIES", "2")
    env.setenv("WORDSVC_DATABASE_POOL", " 2 ")
    settings = Settings.from_env()
    assert settings.database_pool == 2
    assert settings.rate_limits is False
    assert settings.rate_limit == "100/minute;2000/hour"
    assert settings.seat_rate_limit == "5 per second"
    assert (settings.redis_url, settings.redis_prefix) == ("redis://127.0.0.1:6379/2", "games")
    assert settings.trusted_proxies == 2


@pytest.mark.parametrize("value", ["on", "ON", "1", "true", ""])
def test_the_limits_are_on_unless_turned_off(env, value):
    env.setenv("WORDSVC_RATE_LIMITS", value)
    assert Settings.from_env().rate_limits is True


@pytest.mark.parametrize(
    ("name", "value", "code"),
    [
        ("WORDSVC_RATE_LIMIT", "lots", "invalid_rate_limit"),
        ("WORDSVC_RATE_LIMIT", "0/minute", "invalid_rate_limit"),
        ("WORDSVC_SEAT_RATE_LIMIT", "10/fortnight", "invalid_rate_limit"),
        ("WORDSVC_RATE_LIMITS", "perhaps", "invalid_switch"),
        ("WORDSVC_REDIS_URL", "http://127.0.0.1:6379", "invalid_redis_url"),
        ("WORDSVC_TRUSTED_PROXIES", "-1", "invalid_trusted_proxies"),
        ("WORDSVC_TRUSTED_PROXIES", "lots", "invalid_trusted_proxies"),
        ("WORDSVC_TRUSTED_PROXIES", "99", "invalid_trusted_proxies"),
        ("WORDSVC_DATABASE_POOL", "0", "invalid_database_pool"),
        ("WORDSVC_DATABASE_POOL", "65", "invalid_database_pool"),
        ("WORDSVC_DATABASE_POOL", "eight", "invalid_database_pool"),
    ],
)
def test_a_value_that_cannot_be_used_is_refused_naming_it(env, name, value, code):
    env.setenv(name, value)
    with pytest.raises(ConfigurationError) as refused:
        Settings.from_env()
    assert refused.value.code == code
    assert name in refused.value.message
    result = CliRunner().invoke(main, ["categories"])
    assert result.exit_code == 2
    assert f"Error [{code}]" in result.output


@pytest.mark.parametrize(
    "text", ["short", "x" * 23, "x" * 129, "not/a+key=" * 3, "ключ" * 10, "x" * 24 + ".x"]
)
def test_an_api_key_that_is_too_weak_is_refused_by_its_place(text):
    with pytest.raises(ConfigurationError, match="key 1 ") as refused:
        checked_api_keys(text)
    assert refused.value.code == "invalid_api_keys"
    assert text not in str(refused.value)


def test_api_keys_are_read_as_a_list():
    first, second = "a" * 24, "B-_9" * 8
    assert checked_api_keys(f" {first}, {second}\n") == {first, second}
    assert checked_api_keys("") == frozenset()


def test_the_cli_makes_api_keys_the_settings_take():
    made = [CliRunner().invoke(main, ["api-key"]) for _ in range(2)]
    keys = [m.output.strip() for m in made]
    assert all(m.exit_code == 0 for m in made)
    assert checked_api_keys(",".join(keys)) == set(keys)
    assert len(set(keys)) == 2
