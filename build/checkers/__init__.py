"""One adapter per checker other than Spin (build/checkers/README.md)."""
