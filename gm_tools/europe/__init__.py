"""Europe 1619 (Matthew Medeiros, 2018): the Diplomatic Phase as a pure rules engine.

Rulebook: ``/work/shared/seeds/002_e7e1b063b6c411e5.txt``. One module, one job:

- :mod:`.setup` - the fixed facts a Diplomatic Phase reads (powers, confessions, minor
  states, the Influence Allocation Table, the ATTACK ORDER), built from plain data;
- :mod:`.orders` - reading the phase's orders (``5: BRE``, ``BRAP > FRANCE``,
  ``WAR: FRANCE``) into small order objects;
- :mod:`.influence` - INFs in the minor states: placements, diplomatic attacks by mutual
  reduction, alignment statuses, confessional markers, capture and liberation;
- :mod:`.declarations` - war, alliance, armistice and dissolving an alliance, effective the
  following year; the Papacy's protection;
- :mod:`.reichstag` - Austria's one meeting, its three agendas and the vote;
- :mod:`.diplomatic_phase` - :func:`run_diplomatic_phase`, which runs one Diplomatic Phase
  and writes the report the referee sends.

Nothing here reads a file: :mod:`.adapter` builds the setup from a loaded ``Variant``. The
state is plain JSON-able data kept in ``Position.extra`` (see ``docs/europe1619.md``).

The other phases of the year live beside these: :mod:`.territory`, :mod:`.occupation`,
:mod:`.treasury`, :mod:`.scoring` and :mod:`.adapter_rules` (read by
``gm_tools/rules/europe1619.py``); they read the same ``Position.extra`` entries.
"""
