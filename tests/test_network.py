"""The machine's LAN addresses, with the sockets faked: what each source gives, and what is
never offered (loopback, link-local, unspecified, twice the same)."""

from __future__ import annotations

import socket

import pytest

from wordsvc import network


class FakeSocket:
    """A UDP socket whose ``connect`` picks ``address`` as its own (or fails)."""

    def __init__(self, address: str | None) -> None:
        self.address = address
        self.connected_to = None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False

    def connect(self, target):
        if self.address is None:
            raise OSError("Network is unreachable")
        self.connected_to = target

    def getsockname(self):
        return (self.address, 54321)


@pytest.fixture
def machine(monkeypatch):
    """Fakes the two sources: ``machine(primary, [host addresses])``; None as the primary
    is no route, None as the list is a name that does not resolve."""

    def fake(primary, listed):
        sockets = []

        def make_socket(family, kind):
            assert (family, kind) == (socket.AF_INET, socket.SOCK_DGRAM)
            sockets.append(FakeSocket(primary))
            return sockets[-1]

        def getaddrinfo(host, port, family):
            assert host == "table-laptop"
            assert family == socket.AF_INET
            if listed is None:
                raise socket.gaierror("Name or service not known")
            return [(socket.AF_INET, socket.SOCK_STREAM, 6, "", (a, 0)) for a in listed]

        monkeypatch.setattr(network.socket, "socket", make_socket)
        monkeypatch.setattr(network.socket, "gethostname", lambda: "table-laptop")
        monkeypatch.setattr(network.socket, "getaddrinfo", getaddrinfo)
        return sockets

    return fake


def test_the_primary_address_comes_first_then_the_host_names_own(machine):
    sockets = machine("192.168.1.23", ["127.0.1.1", "192.168.1.23", "10.0.0.5"])
    assert network.lan_addresses() == ["192.168.1.23", "10.0.0.5"]
    assert sockets[0].connected_to == network._PROBE  # no packet: UDP connect only


def test_no_route_still_finds_the_host_names_addresses(machine):
    machine(None, ["10.0.0.5"])
    assert network.primary_address() is None
    assert network.lan_addresses() == ["10.0.0.5"]


def test_a_machine_on_no_network_has_no_lan_address(machine):
    machine("127.0.0.1", None)
    assert network.lan_addresses() == []


@pytest.mark.parametrize(
    "address", ["127.0.0.1", "127.0.1.1", "169.254.10.2", "0.0.0.0", "224.0.0.1", "::1", "x"]
)
def test_addresses_no_other_device_reaches_are_left_out(machine, address):
    machine(address, [address])
    assert network.lan_addresses() == []


@pytest.mark.parametrize(
    ("host", "loopback"),
    [
        ("127.0.0.1", True),
        ("127.1.2.3", True),
        ("::1", True),
        ("[::1]", True),
        ("localhost", True),
        ("LOCALHOST.", True),
        ("192.168.1.23", False),
        ("table.example", False),
        ("[fe80::1]", False),
    ],
)
def test_loopback_hosts(host, loopback):
    assert network.is_loopback_host(host) is loopback
