extension CheckmarkScene {
    /// The X state before the choreography: every shape's animation to the X at
    /// once.
    func toXAllAtOnce() {
        applyTimingKnobs()
        b1ToX.animate()
        b3ToX.animate()
        b2ToX.animate()
    }
    /// The check state before the choreography: every shape's animation back at
    /// once.
    func toCheckAllAtOnce() {
        applyTimingKnobs()
        b2ToCheck.animate()
        b3ToCheck.animate()
        b1ToCheck.animate()
    }
}
