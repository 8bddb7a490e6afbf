"""One MCP client making one ask_user_question call, as an agent's client does, and printing
the result as JSON (`{"content": text, "details": structuredContent}`) on stdout.

    python ask_once.py BINARY CLIENT_NAME QUESTIONS_JSON [SERVER_ARG...]

The server (`BINARY mcp SERVER_ARG...`) gets this process's environment without tmux's
variables, and the client declares no elicitation: with neither a form nor tmux, the question
waits on its page and in the inbox. Used by the pi suite's test of every host in one inbox.
"""

import asyncio
import json
import os
import sys

from mcp import ClientSession, StdioServerParameters, types
from mcp.client.stdio import stdio_client


async def ask(binary, client_name, questions, server_args):
    env = {k: v for k, v in os.environ.items() if k not in ("TMUX", "TMUX_PANE")}
    params = StdioServerParameters(command=binary, args=["mcp", *server_args], env=env)
    async with stdio_client(params) as (read, write):
        client = types.Implementation(name=client_name, version="1.0")
        async with ClientSession(read, write, client_info=client) as session:
            await session.initialize()
            print(json.dumps({"ready": True}), flush=True)
            result = await session.call_tool("ask_user_question", questions)
            text = "".join(part.text for part in result.content if part.type == "text")
            return {"content": text, "details": result.structured_content}


def main():
    binary, client_name, questions, *server_args = sys.argv[1:]
    result = asyncio.run(ask(binary, client_name, json.loads(questions), server_args))
    print(json.dumps(result), flush=True)


if __name__ == "__main__":
    main()
