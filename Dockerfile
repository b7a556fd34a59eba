# The Caylus Discord bot: `docker build -t caylus-bot .`, then
#   docker run -d --name caylus --env-file .env -v caylus-data:/data --restart unless-stopped caylus-bot
# (see docs/operations.md). The database lives on the /data volume.
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    DATABASE_PATH=/data/caylus.sqlite3

RUN useradd --create-home --uid 10001 caylus \
    && mkdir /data \
    && chown caylus:caylus /data

WORKDIR /app
COPY pyproject.toml README.md ./
COPY bot ./bot
COPY rendering ./rendering
RUN pip install .

USER caylus
VOLUME ["/data"]
# The bot closes cleanly on SIGTERM (docker stop); every move is committed before it is shown.
STOPSIGNAL SIGTERM
CMD ["python", "-m", "bot"]
