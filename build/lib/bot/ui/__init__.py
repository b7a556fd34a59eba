"""The Discord layer: the `/caylus` commands, the buttons and selects, and what is posted.

By floors, top to bottom (a module imports its own floor and the ones below, never one above:
tests/test_import_graph.py `UI_FLOORS`):

    app.py            CaylusBot (discord.Client): makes the flows and the publisher, implements Host
    commands.py       the /caylus command group and its tree (thin: hands over to the flows)
    listener.py       what the games layer hands over → the publisher and the lobby
    translator.py     the commands in the players' Discord languages
    play.py           the chooser, choice clicks and move commands → manager.act
    lobby.py          /caylus new, the table card, join / leave / add AI / start / abandon
    info.py           /caylus board, status, log, rules, help, language
    posting.py        Publisher: the per-channel chains, composed of its parts:
    roundpost.py        RoundPosts: the round message (phase reports, board, final scores)
    turnpost.py         TurnPosts: the turn message (whose decision, its choices, the ping)
    chooser.py        any pending Decision → buttons and selects
    orders.py         standing orders, the queue, the provost declared ahead: panels, buttons, flows
    components.py     dynamic buttons and selects (meaning in the custom_id, see ids.py)
    host.py           Host: what the flows and components need of the bot (a Protocol), host()
    choice_labels.py  what a choice does, said in its label; what people type for a choice
    played.py         what orders played and an undo took back, in the reader's words
    lang.py           which language a reader gets
    replies.py        answering interactions, every refusal, the channel-permission check
    sending.py        Sender: posts with retries; a channel given up after a few 403s
    ids.py            custom_id formats
    command_sync.py   syncing the command tree only when it changed
    texts/            every text the bot shows
"""
