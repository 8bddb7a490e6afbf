"""Times a call's round trip over `ask-user-question mcp --http` beside standard input and
output (use a release build), with the Python SDK: `tools/list`, and a `tools/call` with
invalid input (answered at once, with no one asked), 200 of each over one session after 20 to
warm up. Each line gives p50, p95 and the worst.

    ASK_USER_QUESTION=target/release/ask-user-question target/mcp-venv/bin/python tests/mcp/measure_http.py
"""

import asyncio
import statistics
import time

from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client

from test_http import BINARY, HttpServer, server_env, session

COUNT, WARM = 200, 20


def report(name, seconds):
    ms = sorted(s * 1000 for s in seconds)
    p95 = ms[min(len(ms) - 1, int(len(ms) * 0.95))]
    print(f"{name}: p50 {statistics.median(ms):.2f} ms, p95 {p95:.2f} ms, worst {ms[-1]:.2f} ms (n={len(ms)})")


async def timed(opened):
    listed, called = [], []
    for _ in range(COUNT + WARM):
        began = time.perf_counter()
        await opened.list_tools()
        listed.append(time.perf_counter() - began)
        began = time.perf_counter()
        await opened.call_tool("ask_user_question", {"questions": []})
        called.append(time.perf_counter() - began)
    return listed[WARM:], called[WARM:]


async def over_stdio():
    params = StdioServerParameters(command=BINARY, args=["mcp"], env=server_env())
    async with stdio_client(params) as (read, write):
        async with ClientSession(read, write) as opened:
            await opened.initialize()
            return await timed(opened)


async def over_http(server):
    async with session(server) as opened:
        return await timed(opened)


def main():
    listed, called = asyncio.run(over_stdio())
    report("stdio: tools/list", listed)
    report("stdio: tools/call, invalid input", called)
    server = HttpServer(env=server_env())
    try:
        listed, called = asyncio.run(over_http(server))
    finally:
        server.stop()
    report("http: tools/list", listed)
    report("http: tools/call, invalid input", called)


main()
