# The Caylus Discord bot: `docker build -t caylus-bot .`, then either `docker compose up -d`
# (compose.yaml) or
#   docker run -d --name caylus --env-file .env -v caylus-data:/data --restart unless-stopped caylus-bot
# (see docs/operations.md). The database lives on the /data volume.

# The compiled rules core (bot/rules/native.py): bot/rules built by mypyc, in an image that has the
# C compiler and Python's headers; only its output goes into the final image.
FROM python:3.11 AS rules
WORKDIR /app
COPY requirements/dev.lock requirements/dev.lock
RUN pip install --no-cache-dir --require-hashes --no-deps -r requirements/dev.lock
COPY pyproject.toml ./
COPY bot ./bot
RUN CAYLUS_RULES=pure python -m bot.rules compile

FROM python:3.11-slim AS base

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    PIP_ROOT_USER_ACTION=ignore

# The dependencies first, exactly as locked (versions and hashes): this layer is rebuilt only
# when the lock changes, not at every change of the source.
COPY requirements/main.lock /tmp/main.lock
RUN pip install --require-hashes --no-deps -r /tmp/main.lock && rm /tmp/main.lock

# The project is installed in a stage of its own, under /install; the image takes only that
# (site-packages and the caylus-bot script), so the source is in the image once.
FROM base AS build
WORKDIR /src
COPY pyproject.toml README.md LICENSE ./
COPY bot ./bot
COPY --from=rules /app/bot/rules/compiled ./bot/rules/compiled
COPY rendering ./rendering
RUN pip install --no-deps --no-build-isolation --root /install .

FROM base
ENV DATABASE_PATH=/data/caylus.sqlite3 \
    CAYLUS_IN_DOCKER=1

RUN groupadd --gid 10001 caylus \
    && useradd --uid 10001 --gid 10001 --create-home caylus \
    && mkdir /data \
    && chown 10001:10001 /data

COPY --from=build /install/ /
RUN CAYLUS_RULES=compiled python -m bot.rules core

USER 10001:10001
WORKDIR /home/caylus
VOLUME ["/data"]
# Healthy while the gateway was connected within HEALTH_MAX_AGE (180 s): the bot rewrites
# /data/caylus.sqlite3.health every 30 s.
HEALTHCHECK --interval=60s --timeout=10s --start-period=60s --retries=3 CMD ["caylus-bot", "health"]
# SIGTERM (docker stop): the bot stops taking input, finishes its posts and exits within 10 s.
STOPSIGNAL SIGTERM
CMD ["caylus-bot"]
