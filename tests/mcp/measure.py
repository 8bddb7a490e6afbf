"""Times `ask-user-question mcp` (use a release build) with the Python SDK:

- start: from spawning the server to its `initialize` answer (30 starts);
- a call's overhead beyond the person's time: `tools/call` answered through a form whose
  handler accepts at once (300 calls over one connection), beside a call answered with no form
  (invalid input) for the bare round trip;
- the web route: from `tools/call` sent to the page's link reaching the client (URL
  elicitation; 100 calls over one connection, each then declined).

Each line gives p50, p95 and the worst.

    ASK_USER_QUESTION=target/release/ask-user-question target/mcp-venv/bin/python tests/mcp/measure.py
"""

import asyncio
import os
import statistics
import time

from mcp import ClientSession, StdioServerParameters, types
from mcp.client.stdio import stdio_client

BINARY = os.environ["ASK_USER_QUESTION"]
QUESTIONS = {"questions": [
    {"id": "approach", "header": "Approach", "prompt": "Which approach?",
     "options": [{"value": "safe", "label": "Safe"}, {"value": "fast", "label": "Fast"}]},
    {"id": "name", "header": "Name", "prompt": "Service name?", "type": "text"},
]}


async def answer(context, params):
    return types.ElicitResult(action="accept", content={"approach": "safe", "name": "billing"})


def env():
    return {k: v for k, v in os.environ.items() if k not in ("TMUX", "TMUX_PANE")}


async def start_once():
    params = StdioServerParameters(command=BINARY, args=["mcp"], env=env())
    began = time.perf_counter()
    async with stdio_client(params) as (read, write):
        async with ClientSession(read, write) as session:
            await session.initialize()
            return time.perf_counter() - began


async def calls(count):
    params = StdioServerParameters(command=BINARY, args=["mcp"], env=env())
    async with stdio_client(params) as (read, write):
        async with ClientSession(read, write, elicitation_callback=answer) as session:
            await session.initialize()
            times, bare = [], []
            for _ in range(count):
                began = time.perf_counter()
                await session.call_tool("ask_user_question", QUESTIONS)
                times.append(time.perf_counter() - began)
                # The same round trip with no form: invalid input is answered at once.
                began = time.perf_counter()
                await session.call_tool("ask_user_question", {"questions": []})
                bare.append(time.perf_counter() - began)
            return times, bare


async def links(count):
    params = StdioServerParameters(command=BINARY, args=["mcp", "--via", "web"], env=env())
    began = None
    times = []

    async def link(context, params):
        times.append(time.perf_counter() - began)
        return types.ElicitResult(action="decline")

    async with stdio_client(params) as (read, write):
        async with ClientSession(read, write, elicitation_callback=link) as session:
            await session.initialize()
            for _ in range(count):
                began = time.perf_counter()
                await session.call_tool("ask_user_question", QUESTIONS)
    return times


def report(name, seconds):
    ms = sorted(s * 1000 for s in seconds)
    p95 = ms[min(len(ms) - 1, int(len(ms) * 0.95))]
    print(f"{name}: p50 {statistics.median(ms):.2f} ms, p95 {p95:.2f} ms, worst {ms[-1]:.2f} ms (n={len(ms)})")


async def main():
    starts = [await start_once() for _ in range(30)]
    report("start to initialize answered", starts)
    times, bare = await calls(300)
    report("call answered by an instant form", times[20:])
    report("call with no form (invalid input), for comparison", bare[20:])
    report("web route: call to link announced", (await links(110))[10:])


asyncio.run(main())
