"""TLS for a server reachable beyond this computer: the user's certificate, or one made here.

A self-signed certificate is made once per data folder (`cryptography`, an EC P-256 key readable
by its owner only) and kept: its SHA-256 fingerprint, printed at every start, stays the same, so
a client that pinned it on first connect keeps trusting exactly this server.
"""

from __future__ import annotations

import datetime
import hashlib
import ipaddress
import os
from pathlib import Path

SELF_SIGNED_DAYS = 3650


def fingerprint(certificate_pem: bytes) -> str:
    """The SHA-256 fingerprint of a PEM certificate, as `AB:CD:...` (what clients pin)."""
    from cryptography import x509  # noqa: PLC0415 - only servers that use TLS load cryptography
    from cryptography.hazmat.primitives.serialization import Encoding  # noqa: PLC0415 - as above

    der = x509.load_pem_x509_certificate(certificate_pem).public_bytes(Encoding.DER)
    digest = hashlib.sha256(der).hexdigest().upper()
    return ":".join(digest[index : index + 2] for index in range(0, len(digest), 2))


def self_signed_certificate(folder: Path, host: str) -> tuple[Path, Path]:
    """(certificate, key) in `folder`, made for `host` (and localhost) when missing."""
    certificate_path, key_path = folder / "server-cert.pem", folder / "server-key.pem"
    if certificate_path.exists() and key_path.exists():
        return certificate_path, key_path
    from cryptography import x509  # noqa: PLC0415 - see fingerprint
    from cryptography.hazmat.primitives import hashes, serialization  # noqa: PLC0415 - see fingerprint
    from cryptography.hazmat.primitives.asymmetric import ec  # noqa: PLC0415 - see fingerprint
    from cryptography.x509.oid import NameOID  # noqa: PLC0415 - see fingerprint

    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "agent-desktop serve")])
    alternative: list[x509.GeneralName] = [x509.DNSName("localhost")]
    try:
        alternative.append(x509.IPAddress(ipaddress.ip_address(host)))
    except ValueError:
        alternative.append(x509.DNSName(host))
    now = datetime.datetime.now(datetime.UTC)
    certificate = (
        x509.CertificateBuilder()
        .subject_name(name)
        .issuer_name(name)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(minutes=5))
        .not_valid_after(now + datetime.timedelta(days=SELF_SIGNED_DAYS))
        .add_extension(x509.SubjectAlternativeName(alternative), critical=False)
        .sign(key, hashes.SHA256())
    )
    folder.mkdir(parents=True, exist_ok=True)
    key_bytes = key.private_bytes(
        serialization.Encoding.PEM,
        serialization.PrivateFormat.PKCS8,
        serialization.NoEncryption(),
    )
    descriptor = os.open(key_path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(descriptor, "wb") as file:
        file.write(key_bytes)
    certificate_path.write_bytes(certificate.public_bytes(serialization.Encoding.PEM))
    return certificate_path, key_path
