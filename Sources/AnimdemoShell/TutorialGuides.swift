/// What a scene's DocC tutorial says besides its steps (`steps --docc`): its sections, each a
/// stage of the scene with a paragraph that opens it, and the questions at its end. Written in
/// our own words from the scenes' code; the steps' captions are the scenes' own
/// (`SceneStep.caption`).
struct TutorialGuide: Sendable {
    /// One section: a title, the paragraph that opens it, and how many of the scene's steps,
    /// following the previous section's, it holds.
    struct Section: Sendable {
        var title: String
        var intro: String
        var stepCount: Int
    }

    /// One answer to a question, whether it is right and why.
    struct Choice: Sendable {
        var text: String
        var isCorrect: Bool
        var explanation: String
    }

    /// A multiple-choice question with one right answer, listed first (`steps --docc` moves
    /// it, question by question).
    struct Question: Sendable {
        var prompt: String
        var choices: [Choice]
    }

    var sections: [Section]
    var questions: [Question]

    /// The scene's guide, or one section of all its steps and no questions for a scene without
    /// one (a package's own scene).
    static func of(scene name: String, stepCount: Int) -> TutorialGuide {
        all[name]
            ?? TutorialGuide(
                sections: [
                    Section(
                        title: "Build it step by step",
                        intro: "Each step is a stage of the scene that runs.", stepCount: stepCount)
                ], questions: [])
    }

    private static func right(_ text: String, _ explanation: String) -> Choice {
        Choice(text: text, isCorrect: true, explanation: explanation)
    }

    private static func wrong(_ text: String, _ explanation: String) -> Choice {
        Choice(text: text, isCorrect: false, explanation: explanation)
    }

    /// The guides of animdemo's tutorials, by scene name.
    static let all: [String: TutorialGuide] = [
        "fish": TutorialGuide(
            sections: [
                Section(
                    title: "A fish and its first bubble",
                    intro: """
                        The scene starts with two images: a fish in the middle of the screen that \
                        answers a tap, and a bubble that appears above it when it does. Nothing moves \
                        yet; each tap just adds another bubble.
                        """, stepCount: 2),
                Section(
                    title: "A path to float along",
                    intro: """
                        A bubble floats up along a zigzag: a cubic Bézier curve whose control points \
                        sit to either side of the way up. First the path is drawn so that we can see \
                        it, then a keyframe animation moves the bubble along it.
                        """, stepCount: 2),
                Section(
                    title: "Bubbles with a life of their own",
                    intro: """
                        The bubbles pop when they arrive, each one floats differently, and the fish \
                        swims while a timer keeps blowing them from its tail.
                        """, stepCount: 3),
            ],
            questions: [
                Question(
                    prompt: """
                        At step 4 the bubbles stop at the top of their path and pile up there. What \
                        keeps them there once the 2-second animation is over?
                        """,
                    choices: [
                        right(
                            "`fillMode = .forwards` with `isRemovedOnCompletion = false`",
                            "Right: the finished animation stays on the layer and goes on showing its last value."
                        ),
                        wrong(
                            "The bubble's position is set to the top of the path",
                            "No: the model position stays where the bubble started; only the animation moved it."
                        ),
                        wrong(
                            "The transaction's completion block",
                            "No: at step 4 there is no completion block yet; step 5 adds it, to pop the bubble."
                        ),
                    ]),
                Question(
                    prompt: "How does a bubble pop when it reaches the end of its path?",
                    choices: [
                        wrong(
                            "A second keyframe animation scales it",
                            "No: the path animation is the only keyframe animation."),
                        right(
                            "The transaction's completion block grows it by 1.3 and fades it out",
                            "Right: the path animation runs inside a transaction whose completion block pops the bubble."
                        ),
                        wrong(
                            "The timer removes it 2 seconds after it blew it",
                            "No: the timer only blows new bubbles, every 0.1 s."),
                    ]),
                Question(
                    prompt: "While the fish swims, why does a new bubble read the fish's presentation layer?",
                    choices: [
                        right(
                            "It holds where the fish is on screen, part way through its animation",
                            "Right: the model layer already holds where the swim ends; the presentation layer is where the tail is now."
                        ),
                        wrong(
                            "It is the only layer that can be tapped",
                            "No: the tap goes to the fish's own layer."),
                        wrong(
                            "It is cheaper to read than the model layer",
                            "No: it is read because it holds the on-screen values, not for speed."),
                    ]),
            ]),
        "tictactoe": TutorialGuide(
            sections: [
                Section(
                    title: "A line across a win",
                    intro: """
                        A win draws a thick line across its three fields. It starts as one wide \
                        stroke with square ends, and the first of its round ends, a circle as wide \
                        as the line, is put at the first field.
                        """, stepCount: 2),
                Section(
                    title: "A line that draws itself",
                    intro: """
                        A second circle slides from the first field to the last, and a line as wide \
                        as the circles strokes itself behind it over the same time, its end hidden \
                        under the moving circle.
                        """, stepCount: 2),
            ],
            questions: [
                Question(
                    prompt: "What gives the finished line its round ends?",
                    choices: [
                        right(
                            "Two circles as wide as the line, one at each end",
                            "Right: the line's square ends hide under the circles."),
                        wrong(
                            "The stroke's round line cap",
                            "No: the line is stroked with square ends; the circles round them."),
                        wrong(
                            "A rounded rectangle drawn over the fields",
                            "No: step 1's thick stroke is the rectangle the tutorial sets out to replace."),
                    ]),
                Question(
                    prompt: "Why do the moving circle and the stroking line both take 2 seconds?",
                    choices: [
                        right(
                            "So that the line's growing end stays under the circle",
                            "Right: with the same duration the two move together, and the end never shows."),
                        wrong(
                            "Because an animation group needs equal durations",
                            "No: they are two animations, added one after the other."),
                        wrong(
                            "So that the next move waits for them",
                            "No: the game is over once the line is drawn."),
                    ]),
            ]),
        "elastic": TutorialGuide(
            sections: [
                Section(
                    title: "A band made of points",
                    intro: """
                        The band at the top of the screen becomes a shape whose path runs through \
                        seven control points along its bottom edge. At rest it looks like the \
                        rectangle, but it is now a curve we can bend.
                        """, stepCount: 2),
                Section(
                    title: "Pull and spring back",
                    intro: """
                        Dragging down lays the points out under the pointer, and letting go springs \
                        them back while the path follows them every frame.
                        """, stepCount: 3),
            ],
            questions: [
                Question(
                    prompt: "When you let go, the points spring back. What keeps the band's path on them?",
                    choices: [
                        right(
                            "A display link rebuilds the path from the points' on-screen positions every frame",
                            "Right: the points' positions animate, and the path is built again from where they are now."
                        ),
                        wrong(
                            "A spring animation of the path",
                            "No: the spring animates the points; the path only follows them."),
                        wrong(
                            "The drag gesture goes on sending updates",
                            "No: the gesture has ended; nothing but the display link rebuilds the path."),
                    ]),
                Question(
                    prompt:
                        "Why does the display link read the points' presentation values, not their model values?",
                    choices: [
                        right(
                            "The model values are already back at rest; the presentation values are where the points are",
                            "Right: an animation changes what is shown, not the model."),
                        wrong(
                            "The presentation values are rounded to whole points",
                            "No: both hold the same kind of value."),
                    ]),
            ]),
        "checkmark": TutorialGuide(
            sections: [
                Section(
                    title: "Shapes that hold every stroke",
                    intro: """
                        Three shapes from PaintCode paths between them hold every stroke of the \
                        check and of the X. Trimmed with `strokeStart` and `strokeEnd`, each shows \
                        only its part of the check.
                        """, stepCount: 2),
                Section(
                    title: "From check to X",
                    intro: """
                        A click animates the strokes' trims to the X and back. First all at once, \
                        then one after the other so that the strokes hand the circle over, and \
                        finally with the colour turning too.
                        """, stepCount: 3),
            ],
            questions: [
                Question(
                    prompt: "How can three shapes draw both the check and the X?",
                    choices: [
                        right(
                            "Each path holds both strokes; animating `strokeStart` and `strokeEnd` shows one part or the other",
                            "Right: the paths never change, only which part of each is stroked."),
                        wrong(
                            "Each shape's path is animated from the check's to the X's",
                            "No: the paths stay the same; only their trims animate."),
                        wrong(
                            "The X is three more shapes, faded in",
                            "No: there are only b1, b2 and b3."),
                    ]),
                Question(
                    prompt: "What do the short delays of `toX()` and `toCheck()` (0.15 s, 0.3 s, 0.5 s) do?",
                    choices: [
                        right(
                            "They start the strokes one after another, so that they hand the circle over",
                            "Right: step 3 starts all three at once, and the X appears in a jumble."),
                        wrong(
                            "They make the animations last longer",
                            "No: each animation still takes 0.5 s with its 0.25 s chained finish."),
                        wrong(
                            "They wait for the colour to change first",
                            "No: the colour animates over the whole transition, alongside the strokes."),
                    ]),
            ]),
        "download": TutorialGuide(
            sections: [
                Section(
                    title: "An arc for a path",
                    intro: """
                        Each indicator is a shape layer whose path is an arc from 12 o'clock. The \
                        download's updates give it the arc to the new angle, at once.
                        """, stepCount: 2),
                Section(
                    title: "Animating the path",
                    intro: """
                        Between two updates the indicator plays a keyframe animation through paths \
                        computed ahead, and the library's demo screen runs it all.
                        """, stepCount: 2),
            ],
            questions: [
                Question(
                    prompt:
                        "Why does the indicator compute a path for every 1/60 s instead of animating from the old arc to the new one?",
                    choices: [
                        right(
                            "Interpolating two paths moves their points in straight lines, not round the circle",
                            "Right: keyframes close together keep the arc's end on the circle all the way."),
                        wrong(
                            "A shape layer's path cannot be animated",
                            "No: the keyframe animation animates exactly that, the `path`."),
                        wrong(
                            "To save work while it draws",
                            "No: computing every path ahead is more work, done for the arc's shape."),
                    ]),
                Question(
                    prompt: "At step 2 the indicators jump from one angle to the next. What does step 3 add?",
                    choices: [
                        right(
                            "A keyframe animation of the path, 0.5 s, ease out",
                            "Right: the same paths, played over half a second."),
                        wrong(
                            "A rotation of the whole layer",
                            "No: the layer stays put; its path changes."),
                    ]),
            ]),
        "pull": TutorialGuide(
            sections: [
                Section(
                    title: "A wave that follows the pull",
                    intro: """
                        The library's view sits above the list's content, between the bar and the \
                        list's top, exactly as tall as the pull. Its shape layer is the elastic \
                        tutorial's wave, laid out again each time the list moves; a circle in it \
                        shows how near the pull is to a refresh.
                        """, stepCount: 2),
                Section(
                    title: "Letting go",
                    intro: """
                        A release past the threshold starts the library's bounce: the wave's points \
                        spring into a flat band while a display link redraws the path from where \
                        they are on screen, and the list stays open while the app loads. When it is \
                        done, `stopLoading()` closes the band.
                        """, stepCount: 2),
            ],
            questions: [
                Question(
                    prompt:
                        "While the points spring into the band, what rebuilds the wave's path every frame?",
                    choices: [
                        right(
                            "A display link, reading the points' on-screen (presentation) positions",
                            "Right: the spring animates the seven control points; the display link turns where they are now into a path."
                        ),
                        wrong(
                            "The shape layer animates its path from the stretched wave to the band",
                            "No: the path is set with its action off; it only follows the points."),
                        wrong(
                            "The list's scrolling, as before the release",
                            "No: scrolling is off during the bounce; the list's top follows a hidden helper view."
                        ),
                    ]),
                Question(
                    prompt: "You pull the list 80 points down and let go. What happens?",
                    choices: [
                        right(
                            "The list springs back and nothing loads",
                            "Right: a release loads only past `minOffsetToPull`, 95 points."),
                        wrong(
                            "The wave bounces into a band and the circle spins",
                            "No: that needs a pull of at least 95 points."),
                        wrong(
                            "The list stays where it was let go",
                            "No: the list's own bounce brings it back to the top."),
                    ]),
                Question(
                    prompt: "How deep is the wave at a pull of 150 points?",
                    choices: [
                        right(
                            "70 points, the most it gets",
                            "Right: 150 × 1.6 / 3 is 80, more than `waveMaxHeight`, 70."),
                        wrong(
                            "80 points",
                            "No: 150 × 1.6 / 3 is 80, but the wave stops at `waveMaxHeight`, 70."),
                        wrong(
                            "150 points, the whole pull",
                            "No: the wave is 1.6/3 of the view's height, at most 70 points; the rest is band."
                        ),
                    ]),
            ]),
        "floating": TutorialGuide(
            sections: [
                Section(
                    title: "A view that releases floating objects",
                    intro: """
                        The library's view is given a starting point and images, and each call of \
                        `animate()` releases one object along a path of its own, drawn at random \
                        within the options in force at that moment. The balloon screen calls it on \
                        a timer; the fish screen on a tap, with switches that change the options \
                        and buttons that draw them as lines.
                        """, stepCount: 3),
                Section(
                    title: "Shapes and a moving start",
                    intro: """
                        The path's shape decides how far an object goes to the side: the music \
                        screen's buttons set it before each note. The tractor screen moves the \
                        starting point itself, reading where the tractor is drawn at that moment, \
                        so that the dust follows a tractor that is in the middle of an animation.
                        """, stepCount: 2),
            ],
            questions: [
                Question(
                    prompt:
                        "Before each puff, the tractor screen asks where the tractor is. Why does it read the presentation layer's frame?",
                    choices: [
                        right(
                            "It is where the tractor is drawn now, partway through its 5-second run",
                            "Right: the presentation layer follows the running animation, so the dust starts at the tractor."
                        ),
                        wrong(
                            "The tractor's own frame would be the same, only slower to read",
                            "No: the animation set the frame to the run's end at once, x −80, off the left edge."
                        ),
                        wrong(
                            "The presentation layer holds the frame the run started from",
                            "No: that is the start frame the run goes back to; the presentation layer moves with the run."
                        ),
                    ]),
                Question(
                    prompt:
                        "The balloon screen turns `removeOnCompletion` off. What does a balloon do at the end of its float?",
                    choices: [
                        right(
                            "It stays under the bar, and the completion block turns it blue",
                            "Right: the float's animation holds its end, and the object is kept after the completion block."
                        ),
                        wrong(
                            "It grows 1.3 times and is removed",
                            "No: that is `pop` with the default `removeOnCompletion`; the balloons have neither."
                        ),
                        wrong(
                            "It falls back to where it started",
                            "No: the path animation fills forwards and is not removed, so the balloon stays at the top."
                        ),
                    ]),
                Question(
                    prompt:
                        "The music screen leaves `animationWidth` at 0. How far to the side does a note released by Curve Right go?",
                    choices: [
                        right(
                            "To the screen's right edge: the screen's width less the start's x",
                            "Right: 0 means the shape's default, and curve right's is the width to the right of the start."
                        ),
                        wrong(
                            "Twice the note's size",
                            "No: that is the straight path's default, the zigzag around the start."),
                        wrong(
                            "Not at all: a width of 0 keeps it on the start's line",
                            "No: 0 stands for the shape's default; the curve still bends to the right edge."),
                    ]),
            ]),
    ]
}
