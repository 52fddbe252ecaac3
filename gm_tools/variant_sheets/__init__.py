"""Variants' sheet hooks, one module per variant (``HOOKS = MyHooks()``), named by the
``sheets`` option of the variant's ``variant.toml``. See :mod:`gm_tools.hooks` and
``docs/workbook.md``."""
