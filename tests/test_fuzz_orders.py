"""Generated orders and requests (issue 20 item 1), for every shipped variant.

- Order strings, generated and mutated from real orders (unicode, control characters, RTL
  marks, very long text, near-miss province names, valid orders with junk), go through the
  parser: each is read or refused with an order error, never anything else.
- Requests, well formed and not (wrong types, missing keys, units off the map, duplicate
  units, bad JSON), go line by line through one long-running
  `gm-tools adjudicate --jsonl` per variant: one JSON answer a line, never a traceback, and
  in a movement phase no unit lost or duplicated (units in = units out + dislodged).

`make test` runs a fast profile; `make soak` the long one (tests/conftest.py), and both print
how many inputs were tried.
"""

from __future__ import annotations

import json
import select
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import fuzzcount
from conftest import run_examples
from gm_tools.app.turn import start_position
from gm_tools.edges.variants import load_variant
from gm_tools.engine.parser import parse_order
from gm_tools.engine.phase import MOVEMENT, parse_phase
from gm_tools.engine.rules import rules_for
from gm_tools.errors import OrderError

ROOT = Path(__file__).resolve().parent.parent
VARIANTS = ["standard", "centenary", "europe1619", "europe1615", "europe1615v2"]
LONGEST = 20_000
"""The longest order text tried (a mail pasted many times over is longer than any order)."""
NASTY = ["\u200f", "\u202e", "\u0000", "\u0007", "\t", "\u00a0", "\ufeff", "\u0301", "\U0001f600", "->", "—", "/",
         "(", ")", ":", ";", "'", '"', "\\", "{{", "}}", "<script>", "=1+1"]


def _loaded(name):
    variant = load_variant(name)
    position = start_position(variant)
    if parse_phase(position.phase).type != MOVEMENT:  # Europe 1619 starts with its Diplomatic Phase
        year = parse_phase(position.phase).year
        position.phase = next(f"{s}{year}{t}" for s, t in variant.calendar.phases if t == MOVEMENT)
    return variant, position


LOADED = {name: _loaded(name) for name in VARIANTS}


def _real_orders(name: str) -> list[str]:
    variant, position = LOADED[name]
    orders = []
    for unit in position.units.values():
        near = sorted(variant.adjacent_provinces(unit.kind, unit.location))
        orders.append(f"{unit} H")
        for dest in near[:2]:
            orders.append(f"{unit} - {dest}")
            orders.append(f"{variant.provinces[unit.province].name} -> {variant.provinces[dest].name}")
    return orders


REAL = {name: _real_orders(name) for name in VARIANTS}


@st.composite
def order_texts(draw, name: str) -> str:
    """A real order, mutated; or plain generated text."""
    if draw(st.booleans()):
        return draw(st.text(max_size=200))
    text = draw(st.sampled_from(REAL[name]))
    for _ in range(draw(st.integers(0, 4))):
        how = draw(st.sampled_from(["insert", "delete", "swap", "junk", "repeat", "case"]))
        at = draw(st.integers(0, len(text)))
        if how == "insert":
            text = text[:at] + draw(st.sampled_from(NASTY) | st.characters()) + text[at:]
        elif how == "delete" and text:
            text = text[:at] + text[at + 1:]
        elif how == "swap" and len(text) > at + 1:
            text = text[:at] + text[at + 1] + text[at] + text[at + 2:]
        elif how == "junk":
            text = text + " " + draw(st.text(max_size=30))
        elif how == "repeat":
            # Long, but bounded: repeats of repeats would otherwise reach hundreds of megabytes.
            text = (text * draw(st.integers(2, 300)))[:LONGEST]
        else:
            text = text.swapcase()
    return text


@pytest.mark.parametrize("name", VARIANTS)
def test_the_parser_reads_or_refuses_every_string(name):
    variant, position = LOADED[name]
    rules = rules_for(variant)
    powers = sorted(variant.powers)

    @given(order_texts(name), st.sampled_from(powers))
    def check(text, power):
        fuzzcount.tried(f"parser {name}")
        try:
            parse_order(text, variant, position, power, rules)
        except OrderError as e:
            if not e.reason:
                fuzzcount.failed(f"parser {name}")
                raise AssertionError(f"an order error without a reason for {text!r}") from None
        except Exception:
            fuzzcount.failed(f"parser {name}")
            raise

    run_examples(check)


# --- requests through the JSON lines interface -----------------------------------------------


class Stream:
    """One `gm-tools adjudicate --jsonl` process, talked to line by line."""

    def __init__(self, name: str):
        self.process = subprocess.Popen(
            [sys.executable, "-m", "gm_tools", "adjudicate", "--variant", name, "--jsonl", "-"],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, encoding="utf-8",
            cwd=ROOT, bufsize=1)

    def ask(self, line: str) -> dict:
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()
        ready, _, _ = select.select([self.process.stdout], [], [], 60)
        assert ready, f"no answer within 60 s to {line[:200]!r}"
        answer = self.process.stdout.readline()
        assert answer.endswith("\n"), f"the process ended: {self.process.stderr.read()[-2000:]}"
        return json.loads(answer)

    def close(self) -> str:
        self.process.stdin.close()
        assert self.process.wait(timeout=60) == 0
        err = self.process.stderr.read()
        self.process.stdout.close()
        self.process.stderr.close()
        return err


@st.composite
def requests(draw, name: str):
    """A request as a JSON line: mostly well formed on the variant's map, often not."""
    variant, position = LOADED[name]
    provinces = sorted(variant.provinces)
    powers = sorted(variant.powers)
    junk = st.text(min_size=1, max_size=12)
    units: dict = {}
    for where in draw(st.lists(st.sampled_from(provinces), max_size=14, unique=True)):
        kinds = [k for k in ("A", "F") if variant.unit_can_stand(k, where)]
        if not kinds:
            continue
        kind = draw(st.sampled_from(kinds))
        location = where
        if kind == "F" and variant.provinces[where].coasts:
            location = f"{where}/{draw(st.sampled_from(variant.provinces[where].coasts))}"
        units.setdefault(draw(st.sampled_from(powers)), []).append(f"{kind} {location}")
    # Now and then a unit no map has, or one standing on another.
    if units and draw(st.integers(0, 9)) == 0:
        power = draw(st.sampled_from(sorted(units)))
        units[power].append(draw(st.sampled_from([units[power][0], "X PAR", "A " + draw(junk)])))
    if draw(st.integers(0, 19)) == 0:
        units.setdefault(draw(junk), []).append("A " + provinces[0])
    orders: dict = {}
    for power, texts in units.items():
        for unit in texts:
            dest = draw(st.sampled_from(provinces))
            orders.setdefault(power, []).append(draw(st.sampled_from(
                [f"{unit} H", f"{unit} - {dest}", f"{unit} S {unit} - {dest}", f"{unit} C A {dest} - {dest}"]) | junk))
    request: dict = {"phase": position.phase, "units": units, "orders": orders}
    mutation = draw(st.sampled_from(["none"] * 12 + ["drop", "type", "dislodged", "raw"]))
    if mutation == "drop":
        request.pop(draw(st.sampled_from(sorted(request))))
    elif mutation == "type":
        request[draw(st.sampled_from(["phase", "units", "orders", "centers"]))] = draw(
            st.one_of(st.integers(), st.lists(st.integers(), max_size=3), st.none(), st.text(max_size=5)))
    elif mutation == "dislodged":
        request["dislodged"] = {draw(st.sampled_from(powers)): [{"unit": "A " + draw(st.sampled_from(provinces)),
                                                                 "retreats": []}]}
    elif mutation == "raw":
        text = draw(st.text(min_size=1, max_size=300).filter(lambda s: s.strip() and "\n" not in s and "\r" not in s))
        return text, None
    return json.dumps(request), request


def _count(units_by_power) -> int:
    return sum(len(v) for v in units_by_power.values())


@pytest.mark.parametrize("name", VARIANTS)
def test_the_jsonl_stream_answers_every_line(name):
    stream = Stream(name)
    try:
        @given(requests(name))
        def check(line_request):
            line, request = line_request
            fuzzcount.tried(f"jsonl {name}")
            try:
                answer = stream.ask(line)
                assert isinstance(answer, dict)
                if "error" in answer:
                    assert set(answer) == {"error"} and answer["error"].startswith("line ")
                    return
                # A movement phase moves or dislodges units; it never makes or loses one.
                fuzzcount.tried(f"jsonl {name}, adjudicated")
                assert request is not None and not request.get("dislodged")
                units_out = _count(answer["units"]) + _count(answer["dislodged"])
                assert units_out == _count(request.get("units") or {}), (line, answer)
            except Exception:
                fuzzcount.failed(f"jsonl {name}")
                raise

        run_examples(check)
    finally:
        err = stream.close()
    assert "Traceback" not in err, err[-3000:]
