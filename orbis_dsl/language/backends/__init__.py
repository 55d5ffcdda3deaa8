"""Stage 3, the back ends that run a checked rule set: the Python compiler and the interpreter."""
