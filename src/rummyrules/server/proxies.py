"""Which proxies the server believes about a client's address, and when that is unsafe.

Behind a reverse proxy, ``--forwarded-allow-ips`` names the proxies whose
``X-Forwarded-For`` header names the client, so that the limits per address
count the client and not the proxy. ``*`` believes every connection: a
client that reaches the server directly can then name any address it likes
in the header, and no limit per address holds. It is safe only where the
proxy is the one thing that can connect, as on loopback.

So the server refuses ``*`` on an address other hosts can reach unless the
operator says that only the proxy reaches it (``--trust-any-proxy``), and
warns whenever ``*`` is given (:func:`forwarded_warning`).

>>> check_forwarded("0.0.0.0", "*")
Traceback (most recent call last):
...
ValueError: --forwarded-allow-ips '*' on 0.0.0.0 would let any client that connects directly name any address in X-Forwarded-For and pass every per-address limit: name the proxy's address (--forwarded-allow-ips 10.0.0.5), listen on 127.0.0.1 behind it, or add --trust-any-proxy if a firewall lets only the proxy reach this port
"""

from __future__ import annotations

import ipaddress

__all__ = ["check_forwarded", "forwarded_warning", "is_loopback", "trusts_anyone"]


def is_loopback(host: str) -> bool:
    """Whether ``host`` is an address only this machine can connect to.

    >>> is_loopback("127.0.0.1"), is_loopback("::1"), is_loopback("localhost")
    (True, True, True)
    >>> is_loopback("0.0.0.0"), is_loopback("10.0.0.5"), is_loopback("example.org")
    (False, False, False)
    """
    if host.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:  # a host name: other hosts may reach it
        return False


def trusts_anyone(forwarded: str | None) -> bool:
    """Whether the list of proxies holds ``*``: every connection believed.

    >>> trusts_anyone("*"), trusts_anyone("10.0.0.5, *"), trusts_anyone("10.0.0.5")
    (True, True, False)
    """
    return forwarded is not None and "*" in (
        part.strip() for part in forwarded.split(",")
    )


def check_forwarded(
    host: str, forwarded: str | None, *, trust_any_proxy: bool = False
) -> None:
    """Refuse (ValueError) ``*`` on a host other hosts reach, without ``trust_any_proxy``.

    >>> check_forwarded("127.0.0.1", "*"), check_forwarded("0.0.0.0", "10.0.0.5")
    (None, None)
    >>> check_forwarded("0.0.0.0", "*", trust_any_proxy=True)
    """
    if not trusts_anyone(forwarded) or is_loopback(host) or trust_any_proxy:
        return
    message = (
        f"--forwarded-allow-ips '*' on {host} would let any client that connects"
        " directly name any address in X-Forwarded-For and pass every per-address"
        " limit: name the proxy's address (--forwarded-allow-ips 10.0.0.5),"
        " listen on 127.0.0.1 behind it, or add --trust-any-proxy if a firewall"
        " lets only the proxy reach this port"
    )
    raise ValueError(message)


def forwarded_warning(host: str, forwarded: str | None) -> str | None:
    """The warning the server logs at its start for ``*``; None for a list of addresses.

    >>> print(forwarded_warning("127.0.0.1", "*"))
    --forwarded-allow-ips '*' believes the X-Forwarded-For of every connection: safe only while the proxy is the one thing that can connect to this server; name the proxy's address instead
    >>> forwarded_warning("0.0.0.0", "10.0.0.5") is None
    True
    """
    if not trusts_anyone(forwarded):
        return None
    warning = (
        "--forwarded-allow-ips '*' believes the X-Forwarded-For of every"
        " connection: safe only while the proxy is the one thing that can connect"
        " to this server; name the proxy's address instead"
    )
    if not is_loopback(host):
        warning += (
            f". The server listens on {host}, which other hosts can reach: any of"
            " them that connects directly can name any address and pass every"
            " per-address limit (tables, connections, requests)"
        )
    return warning
