// The `toolcalls` command; its subcommands are added beside this file.
process.stderr.write('toolcalls: no command yet\n')
process.exitCode = 1
