"""gm_tools/edges/xmltext.py escapes as xml.sax.saxutils does (the module it stands in for,
so that no command imports urllib.request to escape a string)."""

from __future__ import annotations

import subprocess
import sys
from xml.sax import saxutils

import pytest

from gm_tools.edges.xmltext import escape, quoteattr

SAMPLES = ["", "plain", "a & b < c > d", "&amp; already", 'say "hi"', "it's", "both \" and '",
           "line\nbreak\r\tab", "é — “quoted”", "<script>alert('x')</script>", "&&<<>>"]


@pytest.mark.parametrize("text", SAMPLES)
def test_the_same_as_saxutils(text):
    assert escape(text) == saxutils.escape(text)
    assert quoteattr(text) == saxutils.quoteattr(text)


def test_writing_a_workbook_or_a_page_imports_no_network_code():
    code = ("import sys; import gm_tools.edges.workbook, gm_tools.publish.site, gm_tools.publish.feed; "
            "print('urllib.request' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "False"
