print("calyx")
