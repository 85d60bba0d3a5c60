import AnimdemoShell
import OrbitScene

// The whole animdemo program for this package's scenes: the window, render,
// record, knobs, bench, time travel, the panels, screenshots and recordings
// (`Orbit --help`). includingTutorials: true puts animdemo's own scenes after
// them. The sources are the scene target's own files, for the code panel (e).
AnimdemoShell.main(
    scenes: [OrbitScene.descriptor], sources: OrbitSceneSources.files,
    includingTutorials: false)
