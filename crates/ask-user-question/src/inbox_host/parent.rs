//! Who asks, when `--host-name` does not say: the program that ran this one, as a person knows
//! it. A script's own name rather than its interpreter's (`deploy.sh` for `bash deploy.sh`,
//! `release.py` for `python3 release.py`), the program otherwise (`make`, `just`); nothing for
//! an interactive shell or a `-c` command line, where the person typed the command and the
//! binary's own name says it best.

/// Shells and interpreters, whose first argument that is not an option names the script: each
/// with the options that give code instead of a file, and those that take a value.
const RUNNERS: &[(&[&str], &[&str], &[&str])] = &[
    (
        &["sh", "bash", "zsh", "dash", "ksh", "mksh", "fish"],
        &["-c"],
        &["-o", "-O"],
    ),
    (&["python", "python3"], &["-c", "-m"], &["-W", "-X"]),
    (
        &["node", "deno", "bun"],
        &["-e", "--eval", "-p", "--print"],
        &["-r", "--require", "--import"],
    ),
    (&["ruby", "perl"], &["-e", "-E"], &["-I", "-r"]),
];

/// The name for the command line `argv` of the process that started this one.
pub fn name_of(argv: &[String]) -> Option<String> {
    let program = base(argv.first()?).trim_start_matches('-');
    // python3.12 is python3.
    let program = match program.split_once('.') {
        Some((stem @ ("python" | "python3"), _)) => stem,
        _ => program,
    };
    let Some((_, code, valued)) = RUNNERS
        .iter()
        .find(|(names, _, _)| names.contains(&program))
    else {
        return Some(program.to_string()).filter(|name| !name.is_empty());
    };
    let mut args = argv[1..].iter();
    while let Some(arg) = args.next() {
        match arg.as_str() {
            // Code on the command line, or a module: no file names it.
            flag if code.contains(&flag) => return None,
            flag if valued.contains(&flag) => {
                args.next();
            }
            option if option.starts_with('-') => {}
            script => return Some(base(script).to_string()).filter(|name| !name.is_empty()),
        }
    }
    None
}

/// The name of this process's parent, from its command line (Linux's /proc); `None` elsewhere
/// or when it cannot be read.
pub fn parent_name() -> Option<String> {
    #[cfg(target_os = "linux")]
    {
        let path = format!("/proc/{}/cmdline", std::os::unix::process::parent_id());
        let raw = std::fs::read(path).ok()?;
        let argv: Vec<String> = raw
            .split(|byte| *byte == 0)
            .filter(|arg| !arg.is_empty())
            .map(|arg| String::from_utf8_lossy(arg).into_owned())
            .collect();
        name_of(&argv)
    }
    #[cfg(not(target_os = "linux"))]
    {
        None
    }
}

fn base(path: &str) -> &str {
    path.rsplit('/').next().unwrap_or(path)
}

#[cfg(test)]
mod tests {
    use super::name_of;

    fn name(argv: &[&str]) -> Option<String> {
        name_of(&argv.iter().map(|arg| arg.to_string()).collect::<Vec<_>>())
    }

    #[test]
    fn a_script_is_named_not_its_interpreter() {
        assert_eq!(name(&["bash", "deploy.sh"]).as_deref(), Some("deploy.sh"));
        assert_eq!(
            name(&["/bin/bash", "-e", "scripts/release"]).as_deref(),
            Some("release")
        );
        assert_eq!(
            name(&["bash", "-o", "pipefail", "ship.sh"]).as_deref(),
            Some("ship.sh")
        );
        assert_eq!(
            name(&["/usr/bin/python3.12", "-u", "tools/ask.py"]).as_deref(),
            Some("ask.py")
        );
        assert_eq!(
            name(&["node", "bin/agent.mjs", "--fast"]).as_deref(),
            Some("agent.mjs")
        );
    }

    #[test]
    fn another_program_is_named_as_it_is() {
        assert_eq!(name(&["make", "release"]).as_deref(), Some("make"));
        assert_eq!(name(&["/usr/local/bin/just"]).as_deref(), Some("just"));
    }

    #[test]
    fn an_interactive_shell_or_a_command_string_names_nothing() {
        assert_eq!(name(&["-bash"]), None);
        assert_eq!(name(&["zsh", "-l"]), None);
        assert_eq!(
            name(&["sh", "-c", "ask-user-question q.json --inbox-only"]),
            None
        );
        assert_eq!(name(&["python3", "-m", "tool"]), None);
        assert_eq!(name(&["node", "-e", "run()"]), None);
        assert_eq!(name(&[]), None);
    }
}
