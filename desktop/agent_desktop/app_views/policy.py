"""What a view may load: the content-security policy built from its resource's ``_meta.ui.csp``
and the origin check the helper's request interceptor applies to every request.

Without a declaration a view may run its own inline scripts and styles and load ``data:`` and
``blob:`` content, and reach nothing on the network (the specification's restrictive default).
Declared origins are matched by scheme, host (``*.`` matches subdomains) and port; ``file:``
and every other local scheme are never allowed. No Qt here: the helper and the tests use it.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

# Schemes a view's own document uses without reaching anything outside it.
SELF_CONTAINED_SCHEMES = ("data", "blob", "about")
NETWORK_SCHEMES = ("http", "https", "ws", "wss")
_CSP_KINDS = ("connectDomains", "resourceDomains", "frameDomains", "baseUriDomains")


def _origins(csp: dict[str, Any] | None, kind: str) -> list[str]:
    origins = (csp or {}).get(kind) or []
    # A quote, semicolon or space would let an origin add a directive of its own.
    return [
        origin
        for origin in origins
        if isinstance(origin, str) and origin and not any(c in origin for c in " ;,'\"\n")
    ]


def content_security_policy(csp: dict[str, Any] | None) -> str:
    """The policy of a view whose resource declared `csp` (None: the restrictive default)."""
    connect = " ".join(_origins(csp, "connectDomains"))
    resources = " ".join(_origins(csp, "resourceDomains"))
    frames = " ".join(_origins(csp, "frameDomains")) or "'none'"
    base = " ".join(_origins(csp, "baseUriDomains")) or "'self'"
    inline = "'unsafe-inline'"
    return "; ".join(
        [
            "default-src 'none'",
            f"script-src {inline} {resources}".strip(),
            f"style-src {inline} {resources}".strip(),
            f"img-src data: blob: {resources}".strip(),
            f"font-src data: {resources}".strip(),
            f"media-src data: blob: {resources}".strip(),
            f"connect-src {connect}".strip() if connect else "connect-src 'none'",
            f"frame-src {frames}",
            f"base-uri {base}",
            "form-action 'none'",
            "object-src 'none'",
        ]
    )


def declared_origins(csp: dict[str, Any] | None) -> list[str]:
    """Every origin the view's resource declared, of any kind."""
    return [origin for kind in _CSP_KINDS for origin in _origins(csp, kind)]


def _default_port(scheme: str) -> int | None:
    return {"http": 80, "ws": 80, "https": 443, "wss": 443}.get(scheme)


def _matches(url: str, origin: str) -> bool:
    wanted = urlsplit(origin if "://" in origin else f"https://{origin}")
    found = urlsplit(url)
    if wanted.scheme != found.scheme:
        return False
    host, pattern = (found.hostname or ""), (wanted.hostname or "")
    if pattern.startswith("*."):
        if not host.endswith(pattern[1:]):
            return False
    elif host != pattern:
        return False
    try:
        found_port = found.port or _default_port(found.scheme)
        wanted_port = wanted.port or _default_port(wanted.scheme)
    except ValueError:
        return False
    return found_port == wanted_port


def refusal(url: str, csp: dict[str, Any] | None) -> str | None:
    """Why a request of a view to `url` is refused, or None when it may go out."""
    scheme = urlsplit(url).scheme
    if scheme in SELF_CONTAINED_SCHEMES:
        return None
    if scheme not in NETWORK_SCHEMES:
        return f"{scheme}: addresses are never open to views"
    if any(_matches(url, origin) for origin in declared_origins(csp)):
        return None
    return "its server did not declare that origin in the view's _meta.ui.csp"
