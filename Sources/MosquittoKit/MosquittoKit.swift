// libmosquitto's owning wrapper (to come: one owning type per file).
