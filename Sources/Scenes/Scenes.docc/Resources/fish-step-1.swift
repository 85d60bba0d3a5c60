// FishScene.swift
/// The window's background: the example project's white screen (its storyboard's view).
let fishBackgroundColor = Color.white
/// Points: the example project's fish view, `CGRectMake(center.x − 100, center.y − 100, 200, 200)`.
let fishViewSize = Size(width: 200, height: 200)
    // …
    private func setup() {
        rootLayer.backgroundColor = fishBackgroundColor

        fishImageView.name = "fish"
        fishImageView.contents = ImageAsset(named: "fish")
        fishImageView.bounds = Rect(origin: .zero, size: fishSize)
        // …
        rootLayer.addSublayer(fishImageView)

        bubbles.name = "bubbles"
        bubbles.isUserInteractionEnabled = false
        rootLayer.addSublayer(bubbles)

        setUpGuides()
    }
