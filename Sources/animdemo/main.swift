print("animdemo")
