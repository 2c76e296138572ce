"""games/hooks"""
