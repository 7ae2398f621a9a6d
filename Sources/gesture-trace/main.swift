import GestureArbiter
print("gesture-trace")
