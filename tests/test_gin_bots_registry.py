"""The gin bot package loads lazily (issue 43) and still hands out the same registry and names."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap

from ginrummy_desktop.engine.gin import bots
from ginrummy_desktop.engine.gin.bots import BOT_FACTORIES, BUILTIN_BOTS, PERSONAS, BotRegistry


def test_the_registry_lists_the_baselines_then_every_persona_in_ladder_order():
    assert list(BUILTIN_BOTS) == ["random", "greedy", *PERSONAS]
    assert list(BOT_FACTORIES) == list(BUILTIN_BOTS)  # no persona registered only by fallback


def test_each_factory_is_the_personas_own_class():
    for bot_id, persona in PERSONAS.items():
        assert BUILTIN_BOTS[bot_id] is persona.factory
    assert BUILTIN_BOTS["greedy"] is bots.GreedyBot and BUILTIN_BOTS["random"] is bots.RandomBot


def test_importing_the_package_loads_no_bot_and_a_lookup_loads_only_that_bot():
    code = textwrap.dedent("""
        import json, sys
        from ginrummy_desktop.engine.gin.bots import BUILTIN_BOTS
        def loaded():
            return sorted(m.rsplit(".", 1)[1] for m in sys.modules
                          if m.startswith("ginrummy_desktop.engine.gin.bots."))
        before = loaded()
        listed = ("expert" in BUILTIN_BOTS, len(BUILTIN_BOTS), list(BUILTIN_BOTS)[:2])
        after_listing = loaded()
        BUILTIN_BOTS["greedy"](seed=1)
        print(json.dumps([before, after_listing, loaded(), listed, BUILTIN_BOTS.loaded()]))
    """)
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            check=True)
    before, after_listing, after_greedy, listed, loaded = json.loads(result.stdout)
    assert before == [] and after_listing == []
    assert listed == [True, 9, ["random", "greedy"]]
    assert after_greedy == ["basic"] and loaded == ["greedy"]  # no expert, no personas


def test_hint_stays_the_function_when_its_module_is_imported_by_name():
    from ginrummy_desktop.engine.gin.bots.hint import hint as the_function

    assert bots.hint is the_function and callable(bots.hint)


def test_the_registry_behaves_as_the_dict_it_replaces():
    registry = BotRegistry({"greedy": "basic:GreedyBot"})
    registry["mine"] = dict
    assert list(registry) == ["greedy", "mine"] and registry.loaded() == ["mine"]
    assert dict(registry.items()) == {"greedy": bots.GreedyBot, "mine": dict}
    del registry["mine"]
    assert "mine" not in registry and len(registry) == 1
