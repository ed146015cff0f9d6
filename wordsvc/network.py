"""This machine's addresses on the local network: what a phone at the table can open.

Found with the standard library alone: the primary address is the one a UDP socket
"connected" to a public address would send from (``connect`` on UDP sends no packet, so it
works offline as long as a route exists), then whatever ``getaddrinfo(gethostname())``
lists. Loopback, link-local and unspecified addresses are left out: no other device reaches
them.
"""

from __future__ import annotations

import ipaddress
import socket

#: Any routable address will do for the UDP trick: no packet is sent to it.
_PROBE = ("192.0.2.1", 80)  # TEST-NET-1 (RFC 5737)
#: Host names that mean "this computer only".
LOOPBACK_NAMES = frozenset({"localhost", "localhost.localdomain", "ip6-localhost"})


def reachable(address: str) -> bool:
    """Could another device on the network open ``address`` (an IPv4 address)?"""
    try:
        ip = ipaddress.IPv4Address(address)
    except ValueError:
        return False
    return not (ip.is_loopback or ip.is_link_local or ip.is_unspecified or ip.is_multicast)


def primary_address() -> str | None:
    """The IPv4 address this machine's default route sends from, or None without one."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(_PROBE)
            address = str(probe.getsockname()[0])
    except OSError:
        return None
    return address if reachable(address) else None


def host_addresses() -> list[str]:
    """The IPv4 addresses the machine's own name resolves to (none when it does not)."""
    try:
        infos = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
    except (OSError, UnicodeError):
        return []
    return [str(info[4][0]) for info in infos]


def lan_addresses() -> list[str]:
    """Every IPv4 address other devices may reach this machine at, the primary first, each
    once; empty when the machine is on no network."""
    found: list[str] = []
    for address in [primary_address(), *host_addresses()]:
        if address is not None and reachable(address) and address not in found:
            found.append(address)
    return found


def is_loopback_host(host: str) -> bool:
    """Is ``host`` (a name or an address, IPv6 with or without brackets) this computer only?"""
    name = host.strip("[]").lower().rstrip(".")
    if name in LOOPBACK_NAMES:
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False
