"""The preset dictionaries of the snapshot codec (`bot.store.codec`). Never edit one that has
shipped: a stored blob names its dictionary by its Adler-32 (zlib's DICTID), and a changed
dictionary would make those blobs unreadable. Add a new one and make it `CURRENT` instead.

DICT_1 is the text of a 4-player AI game's phase report, its carried events and a mid-game
state (`Game.to_json()`), concatenated: the keys, event kinds and words that every snapshot
repeats, so that a snapshot of a few hundred bytes compresses as well as a long one.
"""

from __future__ import annotations

import zlib

DICT_1 = (
    '{"sections":[{"round":11,"phase":5,"events":[{"kind":"activate","text":"Player3 uses the F'
    'orest (road 1)","player":3,"round":11,"phase":5,"data":{"space":1,"tile":"n_forest"}},{"ki'
    'nd":"produce","text":"Player3 takes 1 wood","player":3,"round":11,"phase":5,"data":{"cubes'
    '":"W"}},{"kind":"activate","text":"Player3 uses the Quarry (road 2)","player":3,"round":11'
    ',"phase":5,"data":{"space":2,"tile":"n_quarry"}},{"kind":"produce","text":"Player3 takes 1'
    ' stone","player":3,"round":11,"phase":5,"data":{"cubes":"S"}},{"kind":"activate","text":"P'
    'layer1 uses the Marketplace (road 4)","player":1,"round":11,"phase":5,"data":{"space":4,"t'
    'ile":"n_market"}},{"kind":"activate","text":"Player1 uses the Sawmill (road 5)","player":1'
    ',"round":11,"phase":5,"data":{"space":5,"tile":"n_sawmill"}},{"kind":"produce","text":"Pla'
    'yer1 takes 1 wood","player":1,"round":11,"phase":5,"data":{"cubes":"W"}},{"kind":"activate'
    '","text":"Player0 uses the Peddler (road 7)","player":0,"round":11,"phase":5,"data":{"spac'
    'e":7,"tile":"peddler_fixed"}},{"kind":"activate","text":"Player1 uses the Carpenter (road '
    '8)","player":1,"round":11,"phase":5,"data":{"space":8,"tile":"carpenter_fixed"}},{"kind":"'
    'build","text":"Player1 builds the Quarry on road 12 (paid 1 food + 1 wood): +2 PP","player'
    '":1,"round":11,"phase":5,"data":{"tile":"quarry","space":12,"pp":2}},{"kind":"activate","t'
    'ext":"Player0 uses the Marketplace (road 9)","player":0,"round":11,"phase":5,"data":{"spac'
    'e":9,"tile":"market"}},{"kind":"sell","text":"Player0 sells 1 stone for 6 deniers","player'
    '":0,"round":11,"phase":5,"data":{"cubes":"S"}},{"kind":"activate","text":"Player3 uses the'
    ' Farm (food) (road 10)","player":3,"round":11,"phase":5,"data":{"space":10,"tile":"farm_fo'
    'od"}},{"kind":"produce","text":"Player3 takes 2 food","player":3,"round":11,"phase":5,"dat'
    'a":{"cubes":"FF"}},{"kind":"activate","text":"Player1 uses the Farm (cloth) (road 11)","pl'
    'ayer":1,"round":11,"phase":5,"data":{"space":11,"tile":"farm_cloth"}},{"kind":"produce","t'
    'ext":"Player1 takes 1 food","player":1,"round":11,"phase":5,"data":{"cubes":"F"}},{"kind":'
    '"phase_end","text":"End of phase 5 (Activating the road)","player":-1,"round":11,"phase":5'
    ',"data":{"phase":5,"round":11}}]},{"round":11,"phase":6,"events":[{"kind":"phase_end","tex'
    't":"End of phase 6 (Building the castle)","player":-1,"round":11,"phase":6,"data":{"phase"'
    ':6,"round":11}}]},{"round":11,"phase":7,"events":[{"kind":"bailiff","text":"The bailiff mo'
    'ves 1 to road 20","player":-1,"round":11,"phase":7,"data":{"space":20}},{"kind":"phase_end'
    '","text":"End of phase 7 (End of turn)","player":-1,"round":11,"phase":7,"data":{"phase":7'
    ',"round":11}}]},{"round":12,"phase":1,"events":[{"kind":"income","text":"Player3 takes 2 d'
    'eniers","player":3,"round":12,"phase":1,"data":{"deniers":2}},{"kind":"income","text":"Pla'
    'yer0 takes 2 deniers","player":0,"round":12,"phase":1,"data":{"deniers":2}},{"kind":"incom'
    'e","text":"Player1 takes 2 deniers","player":1,"round":12,"phase":1,"data":{"deniers":2}},'
    '{"kind":"income","text":"Player2 takes 2 deniers","player":2,"round":12,"phase":1,"data":{'
    '"deniers":2}},{"kind":"phase_end","text":"End of phase 1 (Income)","player":-1,"round":12,'
    '"phase":1,"data":{"phase":1,"round":12}}]}],"game_over":false}{"waiting":[],"current":[{"k'
    'ind":"activate","text":"Player3 uses the Sawmill (road 5)","player":3,"round":14,"phase":5'
    ',"data":{"space":5,"tile":"n_sawmill"}},{"kind":"produce","text":"Player3 takes 1 wood","p'
    'layer":3,"round":14,"phase":5,"data":{"cubes":"W"}},{"kind":"activate","text":"Player3 use'
    's the Peddler (road 7)","player":3,"round":14,"phase":5,"data":{"space":7,"tile":"peddler_'
    'fixed"}},{"kind":"activate","text":"Player1 uses the Marketplace (road 9)","player":1,"rou'
    'nd":14,"phase":5,"data":{"space":9,"tile":"market"}}]}{"seed":408830029,"options":{"jewell'
    'er":false,"lawyer_pp":4,"simple_favors":false},"players":[{"name":"Player0","colour":"blue'
    '","deniers":2,"cubes":[2,1,0,2,0],"pp":0,"workers":6,"favours":[0,0,0,0],"lines_used":0,"p'
    'assed":false,"houses_this_turn":0},{"name":"Player1","colour":"red","deniers":4,"cubes":[4'
    ',2,0,0,0],"pp":5,"workers":6,"favours":[0,0,1,0],"lines_used":0,"passed":false,"houses_thi'
    's_turn":0},{"name":"Player2","colour":"green","deniers":2,"cubes":[4,0,0,1,0],"pp":0,"work'
    'ers":6,"favours":[0,0,0,0],"lines_used":0,"passed":false,"houses_this_turn":0},{"name":"Pl'
    'ayer3","colour":"orange","deniers":8,"cubes":[2,3,1,0,0],"pp":4,"workers":6,"favours":[0,0'
    ',0,0],"lines_used":0,"passed":false,"houses_this_turn":0}],"turn_order":[3,0,1,2],"road_ti'
    'le":[null,"n_forest","n_quarry","n_farm","n_market","n_sawmill","n_carpenter","peddler_fix'
    'ed","carpenter_fixed","market","farm_food",null,null,null,null,null,"gold_mine",null,null,'
    'null,null,null,null,null,null,null,null,null,null],"road_owner":[-1,-1,-1,-1,-1,-1,-1,-1,-'
    '1,3,2,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1],"road_worker":[-1,-1,-1,-1,-1'
    ',-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1],"stock":{"farm_f'
    'ood":0,"farm_cloth":1,"sawmill":1,"quarry":1,"market":0,"peddler":1,"mason":1,"lawyer":1,"'
    'stone_farm":1,"park":1,"workshop":1,"church":1,"tailor":1,"bank":1,"alchemist":1,"architec'
    't":2,"statue":1,"granary":1,"library":1,"weaver":1,"theater":1,"college":1,"monument":1,"h'
    'otel":1,"cathedral":1},"round":8,"phase":2,"passing":[],"gate":-1,"trading":-1,"guild":-1,'
    '"joust":-1,"stables":[],"inn_left":-1,"inn_right":-1,"castle_workers":[],"castle":[[1],[],'
    '[]],"section":1,"scored":[true,false,false],"completed_this_turn":[false,false,false],"pro'
    'vost":16,"bailiff":16,"lawyer_pending":[],"step":0,"cursor":0,"tasks":[{"kind":"place","se'
    'at":3}],"history":["trading","r5","r6","r4","inn","r3","pass","joust","stables","r8","stab'
    'les","guild","r16","gate","castle","-1","+2","-3","-2","+1","C","r2","trading","joust","r3'
    '","r16","castle","stables","pass","r5","stay","0","-2","C","inn","r1","r3","r2","trading",'
    '"r7","guild","r6","r5","joust","-2","+2","+2","F","F","market+C","pass","trading","r4","ga'
    'te","joust","stay","-3","-3","skip","inn","castle","r3","r5","r7","r16","r8","r1","gate","'
    'r9","joust","+1","W","F","farm_food","W","FWS","resources","gate","r7","castle","r2","r9",'
    '"r4","r3","trading","inn","r5","r16","stables","-1","+3","-3","C","F","F","skip","trading"'
    ',"r5","r7","stables","r3","r1","pass","r9","leave","0","+3","0","F","C","F","S"]}'
).encode("ascii")

# Adler-32 -> dictionary, for reading; `CURRENT` is the one new blobs are written with.
DICTIONARIES: dict[int, bytes] = {zlib.adler32(DICT_1): DICT_1}
CURRENT = DICT_1
