"""Runs a command whose controlling terminal is a new pseudo-terminal, its standard streams
unchanged, and copies what it writes to that terminal into a file: a stand-in for the terminal
an MCP server was started from.

    python with_terminal.py OUTPUT COMMAND [ARG...]
"""

import fcntl
import os
import select
import sys
import termios

output, *command = sys.argv[1:]
master, follower = os.openpty()
child = os.fork()
if child == 0:
    os.close(master)
    os.setsid()
    fcntl.ioctl(follower, termios.TIOCSCTTY, 0)
    os.close(follower)
    os.execvp(command[0], command)

# The follower stays open here, so reading the master waits instead of failing while the
# command has no descriptor of its terminal open.
with open(output, "wb") as out:
    while True:
        readable, _, _ = select.select([master], [], [], 0.05)
        if readable:
            out.write(os.read(master, 4096))
            out.flush()
            continue
        done, status = os.waitpid(child, os.WNOHANG)
        if done:
            break
sys.exit(os.waitstatus_to_exitcode(status))
