"""How hard each level of the search player (bots.search) tries, and what
each level's settings were measured to buy: the history is kept beside the
numbers so that no one tries again blind what was tried."""

from __future__ import annotations

from dataclasses import dataclass

# Steps searched; every other decision goes to the heuristic.
SEARCHED = ("move", "move_from", "battle_card", "retreat", "choose_start")
EASY_BLUNDER = 0.75
EASY_WHIM = 1.0


@dataclass(frozen=True)
class Level:
    """How hard a search player tries. `worlds` dealt worlds per decision, each
    candidate played out once in each: the node budget, the same in every
    process, so a seeded player decides alike anywhere. `seconds` caps the wall
    time of a decision where a person waits (the app); None: budget only."""

    name: str
    worlds: int
    shortlist: int
    horizon: int  # player-turn ends a Move-phase playout runs to (1: the end of this one)
    seconds: float | None
    blunder: float = 0.0  # share of searched decisions taken at random (easy)
    # at each unit it buys, the chance it buys one at random among those it can
    # afford rather than the heuristic's pick (easy): a newcomer's army, not
    # the best one. Issue 40: easy used to stop buying half the time, and so
    # left money unspent in 177 of 208 Recruit phases where it could have bought.
    whim: float = 0.0
    # how much better (mean score, -1..1) a candidate must do than the
    # heuristic's own choice to replace it: a few noisy playouts should not
    # overturn a sound rule of thumb
    margin: float = 0.02
    # the steps it searches; every other decision goes to the heuristic
    searched: tuple[str, ...] = SEARCHED
    # a group move is left unweighed for leaving a leader outweighed, attacks
    # judged too (as if won), against a threat graded by speed (Outlook
    # `graded`): it helps a search of few worlds, not one of many (Level normal)
    wary: bool = False
    # the enemy's hand dealt as a hand played from tends to be (bots.held):
    # more battle cards, fewer move cards than a random deal
    held: bool = False


LEVELS: dict[str, Level] = {
    # the heuristic, with decisions that matter taken at random from its own
    # shortlist, and its buys now and then at random. Play-test: a
    # newcomer lost 22 turns to it, out-expanded six to one; with blunders
    # alone it beat the heuristic (57% of 200 games: it kept the better hand,
    # before issue 39 gave the heuristic the same), and even with every such
    # decision at random 35.5%. Stopping half of its purchases made it 27.5%
    # [21.8-34.1] of 200, but that is hoarding, which issue 40 asks it not to
    # do. Spending like the others, at random: with half of those decisions at
    # random 38% of 200, with all of them 17.5%; three in four: 27.0% [21.3-33.5].
    "easy": Level("easy", 0, 4, 1, None, blunder=EASY_BLUNDER, whim=EASY_WHIM),
    # Playouts run to the end of the enemy's reply (horizon 2): stopping at the
    # end of this turn and guessing the reply from a static threat count
    # played worse than the heuristic (35% of 40 games against 50%). It
    # weighs its buys and places too, as hard does (issue 40): against the
    # heuristic over seeds 0-119 (bench_bot.py) it then won 102 of 120 (85.0%),
    # against 91 without (the games told apart: 18 won only with, 7 only
    # without); over seeds 0-199, 165 of 200 (82.5%); decision p95 0.36 s.
    # Wary (issue 40): against the heuristic, seeds 0-199, it won 172 of 200
    # against 166 (20 games only wary, 14 only not) and lost 13.16 leaders
    # per 100 own player-turns against 15.94. Hard, wary, won 11 of 19 deals
    # against hard:v1 that it had won 16 of (with the graded threat alone, 12
    # of 21 against 16): its 10 worlds judge attacks better than the rule
    # does. Tried and not kept: a rescue of exposed leaders (bots.rescue) put
    # first, as the choice the playouts must beat, won alike (173 of 200
    # against 172, 5 only with, 4 only without) and lost alike (12.49
    # leaders per 100 own player-turns against 13.16). Nor a stronger escort
    # asked of a leader's stack (bots.rescue CAUTION 1.6, not 1.25): 171 of
    # 200 against 172, 10.26 leaders lost per 100 own player-turns against
    # 13.16, but in longer games (25.0 turns against 20.8): 259 leaders lost
    # in the 200 games against 276. Since a stack seen in battle stays known
    # when it moves on whole (docs/rules.md, Battles), its dealt worlds hold
    # more of what is known: 179 of 200 (89.5%) against 172 on the same deals
    # (8 only with it, 1 only without), 12.97 leaders lost per 100 own
    # player-turns against 13.16, p95 0.24 s.
    "normal": Level("normal", 4, 3, 2, 0.9, searched=SEARCHED + ("recruit", "place"),
                    wary=True),
    # More worlds and a longer shortlist. It was the first level to weigh what
    # to buy and where to place it: with only the Move and Battle phases
    # searched, more worlds (10 v 4) bought nothing against normal (49% of 51
    # games); with the Recruit phase too it won 58% of 113 (49-67%; on the 51
    # deals of before, 32 wins against 25), against a normal that did not.
    # Since a stack seen in battle stays known when it moves on whole, hard
    # does worse against hard:v1, which sees it too: on the first 88 deals of
    # session 14's 200 it won 54 against 65 (0 only now, 11 only before; the
    # games replayed alike with the code of before, bench-logs
    # hv1_shown.jsonl; over 140 deals 83, 59.3%, against 96 on the same deals,
    # z about 1.6: likely, not proven). Not yet understood; one lead: its
    # group moves are judged against an enemy stack's whole Force (Outlook,
    # not graded), which
    # a stack now known unit by unit gives in full. With that judgement and
    # the rescue off, 1 of 3 such deals replayed was won again. But a change
    # anywhere sends a game elsewhere within a few turns (seed 2: the first
    # move that differed was a playout's noise, -0.26 against -0.29), so
    # a deal won before and lost now is no more than a new game: the rates
    # must be compared, not the deals (session 17).
    # Where it loses (session 14's 200 games, the shipped module): as the
    # first side, 12 of its 102 games in 8 player-turns or fewer (v1 as that
    # side: 24), each to the capture of its last leader: its leaders' stack
    # took the enemy's capital or the enemy's leaders' stack, one leader paid
    # for the win (seeds 40, 70) or the winners were left outweighed (44),
    # and the enemy took the last one the turn after. At those decisions
    # every candidate scored alike (-0.66 to -0.68 over 10 worlds): the
    # playouts see the danger in too few worlds (the enemy's dealt hand
    # seldom holds the move cards it had).
    # Not kept: a last leader outweighed within reach weighed -1 in the
    # evaluation lowered every candidate alike and changed none of those 3.
    # Nor, tried on normal against the heuristic (cheaper to measure), an
    # attack's worth net of what winning it costs the winner (RULINGS B8: the
    # loser loses about half its Force, the winner half of that in its
    # cheapest units, a leader among them LEADER_RISK more; play-test 17 saw
    # hard send a Force-15 ship alone against a Force-1 transport and pay for
    # the win with it), in its choices and its playouts: 171 of 200 against
    # 179 (6 only with it, 14 only without), 11.65 leaders lost per 100 own
    # player-turns against 12.97 (bench-logs nh_priced.jsonl, the change in
    # bench-logs priced.patch): more careful, and it won less.
    # Nor (session 18) a group move that stakes a leader the enemy's victory
    # asks for (one it names as a captive, or either of the last two where it
    # wins with none on the map) in a battle not forecast as won, one that
    # leader must or may pay for (B8), or one that leaves it outweighed once
    # paid: seed 40's attack on the enemy's capital, paid with one of the
    # last two leaders, was not made, but seed 44's still was. On normal
    # against the heuristic: 171 of 200 against 179 (as the second side 77%
    # against 86%), in games of 30.1 turns against 19.3 (7 unfinished at 120
    # against 0): 9.89 leaders lost per 100 own player-turns against 12.07,
    # but more a game (1.50 against 1.18). Bench-logs nh_exp12.jsonl, the
    # change in bench-logs critical.patch.
    # Nor (2026-12-01) 20 worlds, not 10: against hard:v1 40 of 64 (62.5%,
    # 50.2-73.3%; 62.5% as each side), no better than 10 worlds' 60.0% of 200,
    # and too slow: decision p95 3.89 s against the 3 s asked (v1 1.23 s).
    # It lost 18.66 leaders per 100 own player-turns against v1's 31.24.
    # (`bench_bot.py --matches bot:hard-bot:hard:v1 --log hv1_w20.jsonl`.)
    # Seed 5's loss, traced (benchmarks/why_bot.py): on turn 2 it sent its
    # two chief leaders and its strongest ship at the enemy's two leaders two
    # spaces away; 15 of its 20 worlds scored the attack +1.00, the losing
    # ones only -0.25 to -0.53, as their heuristic replies miss what a
    # searching enemy finds. The real enemy held the cards that tied the
    # battle (to the defender) and the leader its victory asked for was
    # taken. More worlds cannot mend playouts whose enemy plays weaker than
    # the real one.
    # Held (2026-12-02): the enemy's hand dealt as hands played from are
    # (bots.held: about half again the battle cards of a random deal, fewer
    # move cards). Against hard:v1, seeds 0-109: 74 of 110 (67.3%, 58.1-75.3%;
    # 65.5% as the first side, 69.1% as the second; 2 unfinished), against
    # 60.0% of 200 without (session 18); leaders lost per 100 own
    # player-turns 15.54 against v1's 28.52 (1.57 a game against 2.85);
    # decision p95 1.87 s (two games at once on two cores). All 200 seeds
    # (sessions 22-24): 131 of 200 (65.5%; 61 of 100 as the first side, 70
    # as the second); leaders lost about 14.6 per 100 own player-turns
    # against v1's 31.0 (1.5 a game against 3.2), counted over 195 games
    # (the logs of seeds 110-115 did not survive). Seed 5 is lost
    # alike: the attack on the enemy's two leaders still scores best (6 of 10
    # worlds won outright), and the enemy still holds the cards that tie it.
    # Normal, held too, against the heuristic: 40 of 47 (85.1%); on seeds 0-37
    # 32 against 35 without (3 only with, 6 only without): not shown to help a
    # search of 4 worlds, so normal deals at random.
    # (`bench_bot.py --matches bot:hard-bot:hard:v1 --log L`, code 0e85306f8445:
    # this code with normal held too, which these games do not play.)
    # Nor the evaluation at half its scale (session 25: the shipped weights
    # halved, as the template's search liked them, bots/weights.py): against
    # hard:v1, seeds 110-153, 28 of 44 against held's 27 on those deals (5
    # only halved, 4 only held), 15.09 leaders lost per 100 own player-turns
    # (stopped there: alike).
    # Nor normal with 8 worlds and held (session 25, against the heuristic):
    # 29 of the first 38 deals against 35 for normal as it is, 13.28 leaders
    # lost per 100 own player-turns (stopped there).
    # Not kept (2026-12-02, git show 0a5d255): weighing not moving a group
    # with a leader where the heuristic would play a move card for it or
    # move it right after one (seed 112, turn 1: every move weighed took both
    # of the first side's leaders out, and the enemy chained two move cards
    # to take one; yet ending scored worse there, -0.37 against -0.15). Over
    # the first 12 player-turns of 169 deals (seeds 200-368, `--max-turns 12`) it looked
    # better: 46 won and 22 lost by then against 41 and 29, leaders lost 170
    # against 176. Whole games said otherwise: 23 of 45 (51.1%, 37.0-65.0%;
    # seeds 110-154; 39% as the first side), 2.36 leaders lost a game against
    # v1's 2.98 (held alone: 1.57 against 2.85). A look at 12 player-turns
    # does not stand for whole games.
    # Not kept (session 24): attacks weighed with the attacker's battle cards
    # in mind (the Force needed, est x 1.25 + 3, less what its hand adds: a
    # side or unit bonus, a unit bonus on two units, the enemy's average for
    # a card that zeroes or destroys a unit; never below est). Seed 152: the
    # enemy attacked a stack holding both first-side leaders with four battle
    # cards, where the playouts' heuristic would not. For hard's own heuristic
    # and both playout sides: 0 of 6 (seeds 0-5, each lost by turn 17 with 2-3
    # leaders captured; held alone won 3 of them). For the playouts' enemy
    # only: 8 of 19 (seeds 0-5 and 142-154), the same deals won as held alone
    # on 142-154 (6 of 13) and one fewer on 0-5; seed 152 still lost on turn
    # 4: none of the candidates weighed kept its leaders' stack home.
    "hard": Level("hard", 10, 4, 2, 2.8, margin=0.01,
                  searched=SEARCHED + ("recruit", "place"), held=True),
}
DEFAULT_LEVEL = "normal"

# Each level as it played before issue 40: the named baselines (`bot:LEVEL:v1`,
# with the evaluation of before: search.SearchPlayer `baseline`), fixed here so
# that a change to a level above leaves what it is measured against alone.
V1_LEVELS: dict[str, Level] = {
    "easy": LEVELS["easy"],
    "normal": Level("normal", 4, 3, 2, 0.9, wary=True),
    "hard": Level("hard", 10, 4, 2, 2.8, margin=0.01, searched=SEARCHED + ("recruit", "place")),
}
