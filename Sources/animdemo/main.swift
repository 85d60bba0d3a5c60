import AnimdemoShell

// The shell with animdemo's own scenes, the tutorials (Sources/AnimdemoShell/Shell.swift).
AnimdemoShell.main(scenes: [], includingTutorials: true, programName: "animdemo")
