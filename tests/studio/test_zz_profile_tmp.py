import cProfile
import pstats
import time

from sqlalchemy import event

from app.core import db
from app.services.studio.crash import bets, tickets
from tests.helpers.crash_game import brand_id, crash_player, fresh_round
from tests.studio.test_crash_live_socket import LivePage


async def test_profile_bets() -> None:
    await fresh_round(crash_from=300)
    players = [await crash_player("20.00") for _ in range(120)]
    merchant = await brand_id()
    statements = []
    event.listen(db.get_engine().sync_engine, "before_cursor_execute", lambda *a: statements.append(a[2][:60]))
    # warm
    for member, player in players[:20]:
        await bets.place(player, merchant, 1, "1.00", "")
    statements.clear()
    prof = cProfile.Profile()
    t = time.process_time()
    prof.enable()
    for member, player in players[20:]:
        await bets.place(player, merchant, 1, "1.00", "")
    prof.disable()
    cpu = (time.process_time() - t) / 100
    print(f"\nCPU per bet {cpu*1000:.2f} ms; statements per bet {len(statements)/100}")
    from collections import Counter
    for s, n in Counter(statements).most_common(30):
        print(n, s.replace("\n", " "))
    pstats.Stats(prof).sort_stats("cumulative").print_stats(45)
