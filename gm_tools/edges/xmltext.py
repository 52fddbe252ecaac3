"""Text and attribute values escaped for XML, as :mod:`xml.sax.saxutils` escapes them.

Why not that module: importing it imports ``urllib.request`` (and with it ``http.client``,
``ssl`` and ``email``), some 20 ms of every command that writes a workbook or a page, for
three string replacements. ``tests/test_xmltext.py`` holds these equal to saxutils.
"""

from __future__ import annotations


def escape(text: str) -> str:
    """``&``, ``<`` and ``>`` escaped: text between tags."""
    return text.replace("&", "&amp;").replace(">", "&gt;").replace("<", "&lt;")


def quoteattr(text: str) -> str:
    """An attribute value escaped and quoted: in double quotes, or single quotes when it holds
    a double quote and no single one (else its double quotes become ``&quot;``); newlines,
    carriage returns and tabs as character references, which an attribute would otherwise
    fold into spaces."""
    text = escape(text).replace("\n", "&#10;").replace("\r", "&#13;").replace("\t", "&#9;")
    if '"' not in text:
        return f'"{text}"'
    if "'" not in text:
        return f"'{text}'"
    return '"' + text.replace('"', "&quot;") + '"'
