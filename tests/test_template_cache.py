"""The pages' templates compiled once and kept in the user's cache folder (gm_tools/publish/site.py,
``_CompiledTemplates``): the same pages from a kept template as from a fresh one, a template
changed since is compiled again, and a cache folder that cannot be used only costs time."""

from __future__ import annotations

from gm_tools.publish import site as site_module

TEMPLATE = "{% for p in powers %}\n<li>{{ p }}</li>\n{% endfor %}\n"


def _render(templates, name="list.html", **values) -> str:
    return site_module._environment(templates).get_template(name).render(**values)


def test_a_kept_template_renders_the_same_bytes_as_a_fresh_one(tmp_path, monkeypatch):
    monkeypatch.setenv("GM_TOOLS_CACHE", str(tmp_path / "cache"))
    templates = tmp_path / "templates"
    templates.mkdir()
    (templates / "list.html").write_text(TEMPLATE, encoding="utf-8")
    first = _render(templates, powers=["France", "<Spain>"])
    kept = list((tmp_path / "cache" / "templates").iterdir())
    assert len(kept) == 1  # compiled once and kept
    second = _render(templates, powers=["France", "<Spain>"])  # a new environment: read from the cache
    assert second == first == "<li>France</li>\n<li>&lt;Spain&gt;</li>\n"  # autoescaped both times


def test_a_changed_template_is_compiled_again(tmp_path, monkeypatch):
    monkeypatch.setenv("GM_TOOLS_CACHE", str(tmp_path / "cache"))
    templates = tmp_path / "templates"
    templates.mkdir()
    (templates / "list.html").write_text(TEMPLATE, encoding="utf-8")
    assert _render(templates, powers=["France"]) == "<li>France</li>\n"
    (templates / "list.html").write_text(TEMPLATE.replace("<li>", "<li class=p>"), encoding="utf-8")
    assert _render(templates, powers=["France"]) == "<li class=p>France</li>\n"


def test_the_cache_key_names_the_options_the_templates_are_read_with(tmp_path, monkeypatch):
    cache = site_module._CompiledTemplates(str(tmp_path))
    key = cache.get_cache_key("phase.html", "/t/phase.html")
    monkeypatch.setitem(site_module._OPTIONS, "trim_blocks", False)
    assert cache.get_cache_key("phase.html", "/t/phase.html") != key


def test_a_cache_folder_that_cannot_be_made_only_costs_time(tmp_path, monkeypatch):
    blocked = tmp_path / "not-a-folder"
    blocked.write_text("a file where the cache folder would go", encoding="utf-8")
    monkeypatch.setenv("GM_TOOLS_CACHE", str(blocked))
    templates = tmp_path / "templates"
    templates.mkdir()
    (templates / "list.html").write_text(TEMPLATE, encoding="utf-8")
    assert _render(templates, powers=["France"]) == "<li>France</li>\n"
    assert blocked.read_text(encoding="utf-8").startswith("a file")
