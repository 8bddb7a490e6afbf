"""A tmux server with a client attached, for the popup tests.

A popup shows on a tmux *client*, and only that client's keys reach it, so the test starts two
tmux servers on sockets of their own: the inner one (where the MCP server "runs": its `TMUX`
points there) and an outer one whose only pane runs a client attached to the inner server.
Keys sent to the outer pane are that client's typing; the outer pane's screen is what the
client shows, popup included.
"""

import os
import shutil
import subprocess
import tempfile
import time


class AttachedTmux:
    def __init__(self, width=100, height=30):
        self.dir = tempfile.mkdtemp(prefix="auq-mcp-tmux-")
        self.inner = os.path.join(self.dir, "inner.sock")
        self.outer = os.path.join(self.dir, "outer.sock")
        env = self._env()
        subprocess.run(
            ["tmux", "-S", self.inner, "-f", "/dev/null", "new-session", "-d", "-s", "work",
             "-x", str(width), "-y", str(height), "sh"],
            check=True, env=env)
        subprocess.run(
            ["tmux", "-S", self.outer, "-f", "/dev/null", "new-session", "-d", "-s", "screen",
             "-x", str(width), "-y", str(height),
             f"tmux -S {self.inner} attach -t work"],
            check=True, env=env)
        self.wait_for(lambda screen: "[work]" in screen or "sh" in screen, "the attached client")

    def _env(self):
        env = dict(os.environ)
        env.pop("TMUX", None)
        env.pop("TMUX_PANE", None)
        env["TERM"] = "xterm-256color"
        return env

    def server_env(self):
        """The environment of a process running inside the inner tmux."""
        pid = subprocess.run(
            ["tmux", "-S", self.inner, "display-message", "-p", "#{pid}"],
            check=True, capture_output=True, text=True, env=self._env()).stdout.strip()
        env = self._env()
        env["TMUX"] = f"{self.inner},{pid},0"
        env["TMUX_PANE"] = "%0"
        return env

    def screen(self):
        return subprocess.run(
            ["tmux", "-S", self.outer, "capture-pane", "-p", "-t", "screen"],
            capture_output=True, text=True, env=self._env()).stdout

    def keys(self, *keys):
        subprocess.run(["tmux", "-S", self.outer, "send-keys", "-t", "screen", *keys],
                       check=True, env=self._env())

    def wait_for(self, seen, what, timeout=30):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            screen = self.screen()
            if seen(screen):
                return screen
            time.sleep(0.05)
        raise AssertionError(f"timed out waiting for {what}; the screen:\n{self.screen()}")

    def close(self):
        for socket in (self.outer, self.inner):
            subprocess.run(["tmux", "-S", socket, "kill-server"], capture_output=True, env=self._env())
        shutil.rmtree(self.dir, ignore_errors=True)
