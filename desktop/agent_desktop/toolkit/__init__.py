"""Small Qt building blocks every subsystem uses: theme, icons, threads, layouts, words. They know
nothing of the app.
"""
