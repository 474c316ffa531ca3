"""The rules a module adds (docs/rules.md G10-G23) in its own words, for the
Help screen's Rules tab: one Markdown line each, none for a module that adds
none (a module that adds none reads as before)."""

from __future__ import annotations

from warp_empires.module.defs import FORTIFICATION, Module, UnitFilter


def module_rules_help(module: Module) -> list[str]:
    classes, traits = module.classes, module.traits
    lines = []
    if module.side_decks:  # G10
        lines.append("- Each side draws from a deck of its own; the cards it plays or "
                     "discards go to its own discard pile, shuffled into its deck when "
                     "that runs out.")
    forts = module.role_name(FORTIFICATION) + " units"

    def units(f: UnitFilter) -> str:  # "Elephant units", "units with Armour"
        who = f.words(classes, traits)
        return who if who.startswith(("units", "any")) else who + " units"

    for unit in module.units:  # G11-G13: a unit's powers, from its class and traits
        power = unit.power
        if power is None:
            continue
        does = []
        if power.move:
            does.append(f"a group holding it moves {power.move} space"
                        f"{'s' if power.move != 1 else ''} more")
        does.extend(f"+{bonus} in a battle where the enemy has {units(f)}"
                    for f, bonus in power.against)
        if power.ignores_forts:
            does.append(f"in its battles the enemy's {forts} count 0 Force")
        if power.fights:  # G23
            does.append("it fights only " + " or ".join(map(units, power.fights))
                        + ": facing none of them it counts 0 Force; it can hit only them")
        lines.append(f"- {unit.name}: {'; '.join(does)}.")
    if module.rules.move_needs:  # G14
        lines.append("- A group moves only with one of: " + "; ".join(
            map(units, module.rules.move_needs)) + ".")
    if module.rules.move_alone:  # G21
        lines.append("- A group of only " + "; or ".join(
            map(units, module.rules.move_alone)) + " moves without one.")
    b = module.rules.blockade
    if b is not None:  # G15
        kinds = " or ".join(module.map.kinds.get(k, k) for k in sorted(b.kinds))
        where = "in or next to" if b.adjacent else "in"
        lines.append(f"- One of the enemy's {' or '.join(map(units, b.by))} {where} a {kinds} "
                     "halves its revenue.")
    return lines
