"""Running the bot as a service: the entry point's start-up and shutdown (`runner`), one-line
start-up failures (`failures`), logs an operator can read (`logs`), the health status file
(`health`) and online backups (`backup`). The Discord client itself is bot.ui.app.CaylusBot."""
