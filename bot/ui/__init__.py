"""The Discord layer: the `/caylus` commands, the buttons and selects, and what is posted.

    app.py         CaylusBot (discord.Client) and main(): `python -m bot`
    commands.py    the /caylus command group (thin: hands over to the flows below)
    components.py  dynamic buttons and selects (meaning in the custom_id, see ids.py)
    lobby.py       /caylus new, the table card, join / leave / add AI / start / abandon
    play.py        the chooser, choice clicks and move commands → manager.act
    info.py        /caylus board, status, log, rules, help
    chooser.py     any pending Decision → buttons and selects
    posting.py     Publisher: phase reports, turn messages and final scores in the channel
    sending.py     Sender: posts with retries; a channel given up after a few 403s
    replies.py     answering interactions, every refusal, the channel-permission check
    texts.py       every text the bot shows
"""
