"""``python -m gm_tools``: the ``gm-tools`` command."""

from gm_tools.app.cli import main

raise SystemExit(main())
