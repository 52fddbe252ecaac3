"""What a power entered in part on Europe 1615's input sheets, for ``gm-tools status``: the
Early Winter's required disbands, and the INFs left undeployed in the year's last movement phase.

Rulebook: ``000_cc215928c2f3193e.txt``, 'Deployment of influence with submission of orders':
'Powers need not deploy all INFs in the first phase, but can spread out those deployments in
subsequent phases ... Any unused INFs do not carry forward into the next year'; 'Disbanding': 'If the minor state has 2 or more units,
and one or more of its non-home centers are captured, the aligned power will submit the orders to
disband in the Early Winter Adjustment Phase.' The text says nothing of a disband not submitted;
the turn makes it by civil disorder (2000 rulebook, 'Civil disorder': the unit farthest from the
home center), :func:`gm_tools.systems.europe1615.phases._disband_surplus`. What is said here is
what that turn does, played on the rows as they stand, not a guess.
"""

from __future__ import annotations

from gm_tools.engine.hooks import InputRow
from gm_tools.engine.model import Position
from gm_tools.engine.phase import next_phase, parse_phase
from gm_tools.engine.variant import Variant
from gm_tools.systems.europe1615.calendar import EARLY_WINTER, MOVEMENT, phase_role
from gm_tools.systems.europe1615.setup import setup_of
from gm_tools.systems.europe1615.state import state_of
from gm_tools.systems.europe1615.status import statuses

NOT_NAMED = "a disband not named is made by civil disorder, the unit farthest from the minor state's home center"
"""What the turn does with a required disband the aligned power left out."""

_NONE_ORDERED = "disbanded, none ordered"
"""The opening of the turn's note on such a disband (:mod:`.phases`)."""


UNUSED = ("INFs not deployed by the year's last movement phase are lost: 'Any unused INFs do not carry forward "
          "into the next year'")
"""What the year's end does with the INFs a power left undeployed."""


class EnteredInPart:
    """``SheetHooks.entered_in_part``: in the Early Winter, a power aligned with a minor state
    with disbands due that named some of them, on that minor's sheet rows or another's, and not
    all, each with the units civil disorder will take; in the year's last movement phase, the
    powers with INFs still to deploy (``gm-tools status`` names those that entered orders)."""

    def entered_in_part(self, variant: Variant, position: Position,
                        rows: dict[str, list[InputRow]]) -> list[tuple[str, str, str]]:
        from gm_tools.systems.europe1615.phases import early_winter, required_disbands
        from gm_tools.systems.europe1615.sheets import DISBANDS, _check_disbands

        if phase_role(variant, position.phase) == MOVEMENT and _last_movement(variant, position.phase):
            return self._undeployed(variant, position, rows)
        if phase_role(variant, position.phase) != EARLY_WINTER:
            return []
        setup, state = setup_of(variant, position), state_of(position)
        due = required_disbands(setup, state, position)
        if not due:
            return []
        table = statuses(setup, state, position)
        checked, _ = _check_disbands(variant, position, rows.get(DISBANDS, []))
        # the turn as it would play these rows: the disbands nobody named are its own
        taken: dict[str, list[str]] = {}
        for result in early_winter(variant, position, checked.get("disbands", ())).results:
            if any(str(r.details.get("text", "")).startswith(_NONE_ORDERED) for r in result.reasons):
                taken.setdefault(result.power, []).append(result.order.removesuffix(" D"))
        named = {r.values.get("Power") for r in rows.get(DISBANDS, []) if r.values.get("Unit")}
        said: dict[str, list[str]] = {}
        for minor, n in sorted(due.items()):
            power = table[minor].power if table[minor].status == "ALIGNED" else None
            if power in named and taken.get(minor):
                left = len(taken[minor])
                said.setdefault(power, []).append(
                    f"{left} of {n} disband{'s' * (n != 1)} of {minor} ({setup.minors[minor].name}) not named: "
                    f"civil disorder disbands {', '.join(taken[minor])}")
        return [(power, "; ".join(words), NOT_NAMED) for power, words in sorted(said.items())]

    def _undeployed(self, variant: Variant, position: Position,
                    rows: dict[str, list[InputRow]]) -> list[tuple[str, str, str]]:
        """Each power's INFs of the year left after its deployments, this phase's rows that stand
        included (a row the turn refuses deploys nothing)."""
        from gm_tools.systems.europe1615.sheets import entries_of

        inputs, _ = self.check_inputs(variant, position, rows)
        now: dict[str, int] = {}
        for placement in entries_of(inputs)[0]:
            now[placement.power] = now.get(placement.power, 0) + placement.infs
        state = state_of(position)
        out = []
        for power in setup_of(variant, position).powers:
            left = state.left(power) - now.get(power, 0)
            if left > 0:
                total = state.year_infs.get(power, 0)
                out.append((power, f"{left} of {total} INF{'s' * (total != 1)} not deployed", UNUSED))
        return out


def _last_movement(variant: Variant, phase_id: str) -> bool:
    """Whether no movement phase follows this one in its year (the Fall's, in the calendar's data)."""
    phase = parse_phase(phase_id)
    later = next_phase(variant.calendar, phase)
    while later.year == phase.year:
        if phase_role(variant, later.id) == MOVEMENT:
            return False
        later = next_phase(variant.calendar, later)
    return True
