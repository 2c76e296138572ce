"""legality"""
